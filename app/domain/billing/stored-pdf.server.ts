import { createHash } from "node:crypto";

export type StoredPdf = { number: string; pdf: Buffer; sha256: string };

/**
 * A document's PDF as first rendered: kept with its SHA-256 on first request, so the same bytes
 * are served ever after.
 */
export async function storedPdf(
  kept: { number: string; pdf: Buffer | null; pdfSha256: string | null },
  render: () => Promise<Buffer>,
  keep: (pdf: Buffer, sha256: string) => Promise<unknown>,
): Promise<StoredPdf> {
  if (kept.pdf && kept.pdfSha256)
    return { number: kept.number, pdf: kept.pdf, sha256: kept.pdfSha256 };
  const pdf = await render();
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  await keep(pdf, sha256);
  return { number: kept.number, pdf, sha256 };
}
