// The download helper is shared with the other areas (the wallet's exports); it lives in the UI library.
export { saveBlob } from '@tunehouse/ui';
