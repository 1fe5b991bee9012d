// The money feature's public surface for other features. Pages load through the router, each in its own chunk.
export { DEPOSIT_METHOD_LABELS } from './labels';
// The Pix QR code and its copy button, for the other screens that show a Pix to pay (the silver checkout).
export { PixQrCode } from './components/pix-qr-code';
// A pending Pix charge's "Pagar" (its QR code again) and "Cancelar", for the history's deposits tab.
export { PendingPixActions } from './components/deposit-details-dialog';
export { depositStatusLabels } from './labels';
