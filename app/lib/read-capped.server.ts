/**
 * A response's body as text, read no further than `cap` bytes: an upstream (Google Books, Cardcom)
 * that answers more than any real answer holds is refused without being held in memory. Past the cap,
 * declared by content-length or met while reading, the body is cancelled and `tooLarge()` thrown.
 */
export async function readCapped(response: Response, cap: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > cap) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
