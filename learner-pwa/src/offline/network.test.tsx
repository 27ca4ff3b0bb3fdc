import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { useOnline } from './network';

function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline });
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

describe('useOnline', () => {
  afterEach(() => {
    goOffline(false);
    onlineManager.setOnline(true);
  });

  it('follows the device: offline on the offline event, online again on the online event', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => goOffline(true));
    expect(result.current).toBe(false);
    act(() => goOffline(false));
    expect(result.current).toBe(true);
  });
});
