import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { S3Bucket, S3_ANSWER_WAIT_MS, answerDeadlineMs, xmlEscape, xmlValues } from "./s3.server";

/** A storage endpoint on loopback whose answers the test writes: `answer` gets each request in turn. */
async function endpoint(answer: (request: IncomingMessage, response: ServerResponse, count: number) => void) {
  let count = 0;
  const server = createServer((request, response) => answer(request, response, ++count));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const keys = { region: "us-east-1", accessKeyId: "id", secretAccessKey: "secret" };
  const port = (server.address() as AddressInfo).port;
  return {
    bucket: (attempts: number) =>
      new S3Bucket({ ...keys, bucketUrl: `http://127.0.0.1:${port}/b`, attempts, answerWaitMs: 300 }),
    requests: () => count,
    close: () => new Promise((resolve) => server.close(resolve)).then(() => server.closeAllConnections()),
  };
}

describe("the S3 bucket client's small parts", () => {
  it("reads every value of a flat element, its entities decoded, and not a longer element's", () => {
    const xml =
      "<ListBucketResult><KeyCount>2</KeyCount><Contents><Key>a/notes &amp; &lt;more&gt;.txt</Key></Contents>" +
      "<Contents><Key>b/&#x263A;&#9731;&quot;&apos;</Key></Contents></ListBucketResult>";
    expect(xmlValues(xml, "Key")).toEqual(["a/notes & <more>.txt", "b/☺☃\"'"]);
    expect(xmlValues(xml, "KeyCount")).toEqual(["2"]);
    expect(xmlValues(xml, "UploadId")).toEqual([]);
    expect(xmlValues(`<ETag>${xmlEscape("\"a&b<c>'")}</ETag>`, "ETag")).toEqual(["\"a&b<c>'"]);
  });

  it("addresses an object by its key, each segment encoded, on a path- or virtual-host-style bucket", () => {
    const keys = { region: "us-east-1", accessKeyId: "id", secretAccessKey: "secret" };
    const path = new S3Bucket({ ...keys, bucketUrl: "http://127.0.0.1:9000/backups/" });
    expect(path.urlOf("school/a b&c.tar")).toBe("http://127.0.0.1:9000/backups/school/a%20b%26c.tar");
    expect(path.urlOf("", { "list-type": "2", prefix: "school/" })).toBe(
      "http://127.0.0.1:9000/backups?list-type=2&prefix=school%2F",
    );
    const host = new S3Bucket({ ...keys, bucketUrl: "https://backups.s3.eu-west-1.amazonaws.com" });
    expect(host.urlOf("x.tar", { uploads: "" })).toBe("https://backups.s3.eu-west-1.amazonaws.com/x.tar?uploads=");
  });

  it("gives up an attempt that gets no answer in time, tries again, and says so when none answers", async () => {
    // Accepts the request and never answers (a stuck proxy, a storage server out of threads).
    const silent = await endpoint(() => {});
    try {
      const started = Date.now();
      await expect(silent.bucket(2).send("HEAD", "a.mp4")).rejects.toThrow(
        "object storage did not answer HEAD within 300 ms",
      );
      expect(silent.requests()).toBe(2);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.close();
    }
    // Silent once, then answering: the second attempt's answer is the result.
    const once = await endpoint((_request, response, count) => {
      if (count > 1) response.writeHead(200, { "Content-Length": "2" }).end("ok");
    });
    try {
      const response = await once.bucket(3).send("GET", "a.txt");
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("ok");
      expect(once.requests()).toBe(2);
    } finally {
      await once.close();
    }
  });

  it("does not cut a body short that is still arriving after the answer began", async () => {
    const slow = await endpoint((_request, response) => {
      response.writeHead(200, { "Content-Length": "4" });
      response.write("ab");
      setTimeout(() => response.end("cd"), 600); // twice the answer wait
    });
    try {
      const response = await slow.bucket(1).send("GET", "a.txt");
      expect(await response.text()).toBe("abcd");
    } finally {
      await slow.close();
    }
  });

  it("waits longer for the answer to a request with a body: the time to send it at 256 kB/s", () => {
    expect(answerDeadlineMs(S3_ANSWER_WAIT_MS)).toBe(30_000);
    expect(answerDeadlineMs(S3_ANSWER_WAIT_MS, { "Content-Length": String(64 * 1024 * 1024) })).toBe(30_000 + 262_144);
    expect(answerDeadlineMs(1000, { "content-length": "256" })).toBe(1001);
    expect(answerDeadlineMs(1000, { "Content-Type": "application/xml" })).toBe(1000);
  });
});
