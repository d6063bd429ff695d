/** Fonts shipped with the service (assets/fonts): the PDF never depends on fonts of the host. */
import { fileURLToPath } from 'node:url';

export const FONT_REGULAR = fileURLToPath(new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url));
export const FONT_BOLD = fileURLToPath(new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url));
