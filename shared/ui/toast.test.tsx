import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster, TOAST_TIMEOUT_MS } from './toast';
import { ToastRegionView } from './toast-region';

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('disappear after 5 seconds', () => {
    vi.useFakeTimers();
    render(<ToastRegionView />);
    act(() => {
      toast.success('Login successfully');
    });
    expect(screen.getByText('Login successfully')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 100));
    expect(screen.getByText('Login successfully')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Login successfully')).not.toBeInTheDocument();
  });

  it('disappear when closed', () => {
    render(<ToastRegionView />);
    act(() => {
      toast.error('Payment Failed');
    });
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.click());
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
  });

  it('carry their tone as a style', () => {
    render(<ToastRegionView />);
    act(() => {
      toast.warning('Careful');
    });
    expect(screen.getByText('Careful').closest('.rv-toast')).toHaveClass('rv-toast--warning');
  });

  it('load the region with the first toast when mounted through Toaster', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    act(() => {
      toast.success('Student created successfully');
    });
    expect(await screen.findByText('Student created successfully')).toBeInTheDocument();
  });
});
