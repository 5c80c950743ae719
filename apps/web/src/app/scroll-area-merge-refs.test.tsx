import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../test/render';
import { useMergeRefs } from './scroll-area-merge-refs';

function Viewport({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div data-testid="viewport" ref={useMergeRefs(refs)} />;
}

describe("ScrollArea's useMergeRefs (served without floating-ui)", () => {
  it('sets every given ref, skipping the missing ones, as floating-ui does', async () => {
    const objectRef = createRef<HTMLDivElement>();
    const callbackRef = vi.fn();
    await render(<Viewport refs={[objectRef, undefined, callbackRef]} />);
    const node = document.querySelector('[data-testid="viewport"]');
    expect(node).not.toBeNull();
    expect(objectRef.current).toBe(node);
    expect(callbackRef).toHaveBeenCalledWith(node);
  });
});
