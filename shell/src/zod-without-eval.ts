/**
 * zod compiles its object parsers with `new Function` where a page allows it, and finds out with a
 * throwaway `new Function('')` the first time it parses. The product's Content-Security-Policy allows
 * no eval, so that probe is refused and reported as a policy violation (zod then parses without
 * compiling, as it must anyway). Its `jitless` setting skips the probe. Every copy of zod in the page
 * (the shell's and each remote's) reads one configuration kept on globalThis: what zod's own
 * `z.config({ jitless: true })` writes, set here because the shell does not depend on zod itself.
 * Runs first, before any module that could parse.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

export {};
