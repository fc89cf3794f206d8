import type { Page } from "@playwright/test";
import { expect } from "./test.ts";

/** What the room's receiver has had of the other side's video, from its getStats() (video-room.tsx). */
async function inboundVideoBytes(page: Page): Promise<number> {
  return Number(await page.getByTestId("video-room").getAttribute("data-inbound-video-bytes"));
}

/** Video is arriving: the receiver's getStats() inbound-rtp bytes grow between two readings. */
export async function expectVideoArriving(page: Page) {
  await expect.poll(() => inboundVideoBytes(page), { timeout: 15_000 }).toBeGreaterThan(0);
  const before = await inboundVideoBytes(page);
  await expect.poll(() => inboundVideoBytes(page), { timeout: 10_000 }).toBeGreaterThan(before);
}
