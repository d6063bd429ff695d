/** Cyrillic fonts installed with fonts-dejavu-core (also on CI). */
export const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const FONT_REGULAR = `${FONT_DIR}/DejaVuSans.ttf`;
export const FONT_BOLD = `${FONT_DIR}/DejaVuSans-Bold.ttf`;
export const FONT_SERIF = `${FONT_DIR}/DejaVuSerif.ttf`;
