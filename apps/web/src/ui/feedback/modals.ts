import { modals as mantineModals } from '@mantine/modals';

let markMounted: () => void = () => undefined;
const hostMounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Called by the modal host (app/OverlayHosts) once it listens for modals. */
export const modalHostMounted = () => markMounted();

type OpenModal = typeof mantineModals.open;
type OpenConfirmModal = typeof mantineModals.openConfirmModal;

/**
 * Mantine's modals, held until the modal host listens: the host loads just after the first paint,
 * and a modal asked for before then (a quick click on a freshly loaded page) would be lost.
 */
export const modals = {
  open: (props: Parameters<OpenModal>[0]) => void hostMounted.then(() => mantineModals.open(props)),
  openConfirmModal: (props: Parameters<OpenConfirmModal>[0]) =>
    void hostMounted.then(() => mantineModals.openConfirmModal(props)),
  closeAll: () => mantineModals.closeAll(),
};
