// The QR codes feature's public face: the scanned-code route and the batches screen.
export { QrCodePage } from './QrCodePage';
