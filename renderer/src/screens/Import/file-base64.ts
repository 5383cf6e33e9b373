// A chosen file's bytes as base64 for the stage call. btoa takes a binary
// string, and building it with one String.fromCharCode(...bytes) call would
// overflow the stack on a large file, so it goes in chunks.
const CHUNK = 0x8000;

export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + CHUNK)));
  }
  return btoa(parts.join(''));
}
