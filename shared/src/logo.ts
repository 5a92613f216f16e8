// A company's logo for prospects (issue 22 §3): the one rule for what may be uploaded, and its messages.

export const LOGO_MAX_BYTES = 200 * 1024;

export const LOGO_MESSAGES = {
  tooLarge: 'The logo is larger than 200 KB: please use a smaller PNG or JPEG.',
  notImage: 'The logo must be a PNG or JPEG image.',
  saved: 'Logo saved: it now shows on your brokers’ shared evidence packs and their PDFs.',
  removed: 'Logo removed.',
} as const;

export type LogoType = 'image/png' | 'image/jpeg';

/** The image type from the file's first bytes (never the name or what the browser claims); null if neither. */
export function logoType(bytes: Uint8Array): LogoType | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'image/png';
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
