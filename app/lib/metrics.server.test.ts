import { describe, expect, it } from "vitest";
import { recordBackup, registry } from "./metrics.server";

const value = async (name: string) => {
  const line = (await registry.metrics()).split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
};

describe("the backup metrics (for the backup job)", () => {
  it("a success sets its time, duration and size; a failure counts and leaves the last success as it was", async () => {
    recordBackup({ ok: true, finishedAt: new Date("2026-11-28T03:00:00Z"), durationSeconds: 12.5, bytes: 4096 });
    expect(await value("lomda_backup_last_success_timestamp_seconds")).toBe(Date.parse("2026-11-28T03:00:00Z") / 1000);
    expect(await value("lomda_backup_last_duration_seconds")).toBe(12.5);
    expect(await value("lomda_backup_last_size_bytes")).toBe(4096);
    const failures = await value("lomda_backup_failures_total");
    recordBackup({ ok: false, error: new Error("disk full") });
    expect(await value("lomda_backup_failures_total")).toBe(failures + 1);
    expect(await value("lomda_backup_last_success_timestamp_seconds")).toBe(Date.parse("2026-11-28T03:00:00Z") / 1000);
  });
});
