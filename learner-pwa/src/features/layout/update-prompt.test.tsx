import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connectWorkbox, resetPwaForTests, type WorkboxLike } from '../../offline/pwa';
import { renderApp } from '../../test/render-app';
import { UpdatePrompt } from './update-prompt';

/** A registration stand-in: the test fires what workbox-window would. */
function fakeWorkbox() {
  const handlers = new Map<string, () => void>();
  const wb = {
    addEventListener: (type: string, listener: () => void) => handlers.set(type, listener),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
  } satisfies WorkboxLike;
  return { wb, fire: (type: 'waiting' | 'controlling') => handlers.get(type)?.() };
}

describe('the update prompt', () => {
  beforeEach(() => resetPwaForTests());

  it('appears when a new version is waiting; Reload hands over to it and reloads once it controls the page', async () => {
    const user = userEvent.setup();
    const { wb, fire } = fakeWorkbox();
    const reload = vi.fn();
    connectWorkbox(wb, { reload });
    renderApp(<UpdatePrompt />);
    expect(screen.queryByText('A new version of Rivet is ready.')).not.toBeInTheDocument();

    fire('waiting');
    expect(await screen.findByText('A new version of Rivet is ready.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('goes away on Later, and the page never reloads by itself', async () => {
    const user = userEvent.setup();
    const { wb, fire } = fakeWorkbox();
    const reload = vi.fn();
    connectWorkbox(wb, { reload });
    renderApp(<UpdatePrompt />);
    fire('waiting');
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of Rivet is ready.')).not.toBeInTheDocument();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    // Another tab took the update: this one carries on undisturbed.
    fire('controlling');
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the first version takes control of the page it was installed from', async () => {
    const { wb, fire } = fakeWorkbox();
    const reload = vi.fn();
    connectWorkbox(wb, { reload });
    fire('controlling');
    expect(reload).not.toHaveBeenCalled();
  });
});
