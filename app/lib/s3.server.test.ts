import { describe, expect, it } from "vitest";
import { S3Bucket, xmlEscape, xmlValues } from "./s3.server";

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
});
