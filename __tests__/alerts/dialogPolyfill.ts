/**
 * jsdom has HTMLDialogElement but neither showModal() nor close(). A minimal stand-in: showModal
 * sets `open` (and records that it was modal), close removes it and fires `close` as browsers do.
 * The browser's own behaviour (top layer, inert page, Escape) is checked in e2e/alerts.e2e.ts.
 */
export function installDialogPolyfill(): { modalOpened: jest.Mock; restore: () => void } {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & Record<string, unknown>;
  const original = { showModal: proto.showModal, close: proto.close };
  const modalOpened = jest.fn();
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('already open', 'InvalidStateError');
    this.setAttribute('open', '');
    modalOpened(this);
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  return {
    modalOpened,
    restore() {
      proto.showModal = original.showModal;
      proto.close = original.close;
    },
  };
}
