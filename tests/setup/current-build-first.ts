import { BaseSequencer, type TestSpecification } from "vitest/node";
import { ensureCurrentBuild } from "../../scripts/build-inputs.ts";

/**
 * Vitest's sequencer, which alone is told which files a run holds before they start: when one is an
 * integration test (they run the production build), the build is brought up to date first, once per
 * run. A run of model tests alone never waits for a build.
 */
export class CurrentBuildFirst extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    if (specs.some((spec) => spec.moduleId.includes("/tests/integration/"))) ensureCurrentBuild();
    return super.sort(specs);
  }
}
