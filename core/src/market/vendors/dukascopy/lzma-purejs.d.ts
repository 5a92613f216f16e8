// The LZMA coder dukascopy-node used for years (pure JavaScript, no native build, works offline).
declare module 'lzma-purejs-requirejs' {
  /** Decodes a whole .lzma ("LZMA alone", 13-byte header) file. */
  export function decompressFile(input: Uint8Array): Uint8Array;
  /** Encodes a whole buffer as an .lzma file (tests and the bench make Dukascopy files with it). */
  export function compressFile(input: Uint8Array): Uint8Array;
}
