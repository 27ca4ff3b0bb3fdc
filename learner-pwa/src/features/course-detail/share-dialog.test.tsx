import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { COPIED_RESET_MS, ShareDialog } from './share-dialog';

const URL = 'https://rivet.example.ng/course/details/1/excel-for-small-business';

describe('share dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('copies the link, says Copied! for 1500 ms and then goes back to Copy link', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(<ShareDialog isOpen onOpenChange={() => {}} url={URL} title="Excel for Small Business" />);
    expect(screen.getByRole('dialog', { name: 'Share this Course' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(URL);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_RESET_MS - 100));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('offers WhatsApp, X, LinkedIn and Facebook links that open outside the app', () => {
    renderApp(<ShareDialog isOpen onOpenChange={() => {}} url={URL} title="Excel for Small Business" />);
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('href')).toContain(encodeURIComponent(URL));
    expect(whatsapp).toHaveAttribute('target', '_blank');
    for (const name of ['X', 'LinkedIn', 'Facebook']) expect(screen.getByRole('link', { name })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
