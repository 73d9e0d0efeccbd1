import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCardcomStandin, type CardcomStandin } from "../../../tests/support/cardcom-standin.ts";
import { CardcomApi } from "../payments/cardcom-api.server";
import { CardcomDocumentIssuer } from "./cardcom-documents.server";
import { DocumentIssueError, type DocumentRequest } from "./document-issuer.server";

/** Cardcom's Documents/CreateDocument through the stand-in (tests/support/cardcom-standin.ts), and its refusals. */
const REQUEST: DocumentRequest = {
  type: "Receipt",
  customer: { name: "Dana Levi", email: "dana@example.org" },
  lines: [{ description: "Course: Bookkeeping", unitAmountCents: 12990, quantity: 1 }],
  currency: "ILS",
  language: "he",
  vatFree: true,
  dealReference: "209413394",
  externalId: "6d0f3c1e-0000-4000-8000-000000000001",
};

const issuerAt = (apiUrl: string, apiPassword = "test5000$") =>
  new CardcomDocumentIssuer(new CardcomApi({ terminal: 1000, apiName: "test2025", apiPassword, apiUrl }));

/** What a refusal says and whether asking again could help. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentIssueError);
  return { message: (error as DocumentIssueError).message, retry: (error as DocumentIssueError).retry };
}

describe("Cardcom's tax documents", () => {
  let cardcom: CardcomStandin;
  let odd: Server;
  let oddAnswer: { status: number; body: unknown } = { status: 200, body: {} };
  beforeAll(async () => {
    cardcom = await startCardcomStandin();
    // A server answering whatever a test sets: Cardcom's answers the stand-in does not give.
    odd = createServer((_req, res) => {
      res.writeHead(oddAnswer.status, { "content-type": "application/json" }).end(JSON.stringify(oddAnswer.body));
    });
    await new Promise<void>((ok) => odd.listen(0, "127.0.0.1", ok));
  });
  afterAll(async () => {
    await cardcom.close();
    await new Promise((ok) => odd.close(ok));
  });
  const oddUrl = () => `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;

  it("issues a document for the deal: numbered per type, with Cardcom's link", async () => {
    const issuer = issuerAt(cardcom.url);
    const first = await issuer.issue(REQUEST);
    const second = await issuer.issue(REQUEST);
    const invoice = await issuer.issue({ ...REQUEST, type: "TaxInvoiceAndReceipt", vatFree: false });
    expect(Number(second.number)).toBe(Number(first.number) + 1);
    expect(invoice.type).toBe("TaxInvoiceAndReceipt");
    expect(new URL(first.url!).origin).toBe(cardcom.url);
    expect(cardcom.state.documents[0]!.request).toEqual({
      ApiName: "test2025",
      Document: {
        Name: "Dana Levi",
        Email: "dana@example.org",
        IsSendByEmail: true,
        DocumentTypeToCreate: "Receipt",
        Products: [{ Description: "Course: Bookkeeping", Quantity: 1, UnitCost: 129.9, TotalLineCost: 129.9 }],
        IsVatFree: true,
        ISOCoinID: 1,
        Languge: "he",
        ExternalId: REQUEST.externalId,
      },
      DealNumbers: [{ DealNumber: 209413394 }],
    });
  });

  it("keeps within Cardcom's limits: a long name cut to 50, an email over 50 not sent, no name in the document's words", async () => {
    const issuer = issuerAt(cardcom.url);
    const payload = issuer.payload({
      ...REQUEST,
      customer: { name: "א".repeat(80), email: `${"x".repeat(60)}@example.org` },
    });
    expect(payload.Document.Name).toHaveLength(50);
    expect(payload.Document).toMatchObject({ Email: null, IsSendByEmail: false });
    expect(issuer.payload({ ...REQUEST, customer: { name: " ", email: null } }).Document.Name).toBe("לקוח");
    expect(issuer.payload({ ...REQUEST, dealReference: "not-a-deal" }).DealNumbers).toBeNull();
  });

  it("refuses what asking again would not change, and retries what it might", async () => {
    // A wrong password (401) may be fixed by the school: retried.
    expect(await refusal(issuerAt(cardcom.url, "wrong").issue(REQUEST))).toMatchObject({ retry: true });
    // A currency Cardcom has no coin for, or a request it calls invalid (400): failed at once.
    expect(await refusal(issuerAt(cardcom.url).issue({ ...REQUEST, currency: "EUR" }))).toMatchObject({ retry: false });
    expect(await refusal(issuerAt(cardcom.url).issue({ ...REQUEST, lines: [] }))).toMatchObject({ retry: false });
    // The service down (503): retried.
    cardcom.failDocuments(1);
    expect(await refusal(issuerAt(cardcom.url).issue(REQUEST))).toMatchObject({ retry: true });
    // A developer error in a 200 (ResponseCode not 0), or an answer that is not a DocumentInfo.
    oddAnswer = { status: 200, body: { ResponseCode: 5, Description: "Document module is not active" } };
    expect((await refusal(issuerAt(oddUrl()).issue(REQUEST))).message).toContain("Document module is not active");
    oddAnswer = { status: 200, body: [] };
    expect((await refusal(issuerAt(oddUrl()).issue(REQUEST))).message).toContain("not a DocumentInfo");
  });

  it("keeps a document's link only when it is http(s)", async () => {
    oddAnswer = {
      status: 200,
      body: { ResponseCode: 0, DocumentType: "Receipt", DocumentNumber: 7, DocumentUrl: "javascript:alert(1)" },
    };
    expect(await issuerAt(oddUrl()).issue(REQUEST)).toEqual({ number: "7", url: null, type: "Receipt" });
  });
});
