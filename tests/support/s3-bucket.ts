import S3rver from "s3rver";

/** s3rver's fixed keys: it checks no signatures, so any pair would do. */
export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface TestBucket {
  /** The server's origin, e.g. http://127.0.0.1:40123 (BACKUP_S3_ENDPOINT). */
  endpoint: string;
  /** The bucket's URL, path style (MEDIA_S3_URL). */
  url: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server for the storage tests (s3rver, files under `directory`) with one empty
 * bucket. It checks no signatures: access control is tested at Lomda's layer.
 */
export async function startBucket(directory: string, name: string): Promise<TestBucket> {
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return { endpoint, url: `${endpoint}/${name}`, close: () => server.close() };
}
