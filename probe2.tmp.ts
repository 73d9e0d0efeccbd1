import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { runJavaScript } from "/work/wt-exengine/app/lib/exercises/grading.ts";
const code = process.argv[2]!;
const q = await newQuickJSWASMModuleFromVariant(variant);
try { console.log(JSON.stringify(runJavaScript(q, { language: "javascript", code, tests: [{ name: "t", hidden: false, code: "assert.equal(add(1, 2), 3)" }], schema: null })).slice(0, 300)); } catch (e) { console.log("ABORT", String(e).slice(0, 80)); }
