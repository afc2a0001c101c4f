// The play pages' snapshot file, shared by the build (lite/snapshot.mjs writes it) and the
// play pages' worker (worker.js reads it), so both read one layout.
//
// gzip of: "WTSNAP1\0", the byte count N (u32, little-endian), then Pyodide's memory
// snapshot, whose memory image's first N bytes are XORed with the memory the wasm module
// sets up when instantiated (its data segments): those bytes barely change while Python
// runs, so XORed they are almost all zeros and compress to almost nothing.

const MAGIC = "WTSNAP1\0";
const HEAD = 12;

/** XOR the first `count` bytes of `snapshot`'s memory image with `memory` (a buffer),
 * in place: the same call makes the file's bytes and gives the snapshot's back. */
export function xorMemory(snapshot, memory, count) {
  const at = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);  // (Pyodide's header)
  const image = new Uint32Array(snapshot.buffer, snapshot.byteOffset + at, count / 4);
  const fresh = new Uint32Array(memory, 0, count / 4);
  for (let i = 0; i < image.length; i++) image[i] ^= fresh[i];
}

/** The file's bytes, before gzip: the head, then the (XORed) snapshot. */
export function pack(snapshot, count) {
  const bytes = new Uint8Array(HEAD + snapshot.length);
  bytes.set(new TextEncoder().encode(MAGIC));
  new DataView(bytes.buffer).setUint32(8, count, true);
  bytes.set(snapshot, HEAD);
  return bytes;
}

/** {snapshot, count} from the file's bytes (gzipped, or already plain if a server
 * decoded them); throws if they are not a witchtable snapshot. */
export async function unpack(bytes) {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const plain = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(plain).arrayBuffer());
  }
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error("it is not a witchtable snapshot");
  const count = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  if (count % 4 || count > bytes.length) throw new Error("its head is damaged");
  return { snapshot: bytes.subarray(HEAD), count };
}
