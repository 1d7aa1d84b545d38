/**
 * Reads an HTML document's `<script>` elements the way a browser's tokeniser does, for tests
 * that check user text cannot end a script early or start one of its own. Test support: the
 * shop never parses its own HTML.
 */

export type ScannedScript = { attributes: string; body: string; close: string };

// A script's text ends at the first `</script` followed by whitespace, `/` or `>`, in any case.
const OPEN = /<script(?=[\s/>])([^>]*)>/gi;
const CLOSE = /<\/script(?=[\s/>])[^>]*>/gi;

export function scanScripts(html: string): ScannedScript[] {
  const out: ScannedScript[] = [];
  OPEN.lastIndex = 0;
  let open: RegExpExecArray | null;
  while ((open = OPEN.exec(html))) {
    CLOSE.lastIndex = OPEN.lastIndex;
    const close = CLOSE.exec(html);
    if (!close) {
      out.push({ attributes: open[1]!, body: html.slice(OPEN.lastIndex), close: "" });
      break;
    }
    out.push({ attributes: open[1]!, body: html.slice(OPEN.lastIndex, close.index), close: close[0] });
    OPEN.lastIndex = CLOSE.lastIndex;
  }
  return out;
}

/**
 * What is wrong with the scripts of `html`, given text an attacker supplied: a script closed by
 * anything but a plain `</script>` (React and Next write exactly that), a script body holding
 * `<!--` or `<script` (which change how the browser looks for its end), or a payload present
 * unescaped anywhere in the page. Empty when the page is safe.
 */
export function scriptProblems(html: string, payloads: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const [i, s] of scanScripts(html).entries()) {
    if (s.close !== "</script>") problems.push(`script ${i} ends with ${JSON.stringify(s.close)}`);
    if (/<!--|<script/i.test(s.body))
      problems.push(`script ${i} holds ${JSON.stringify(s.body.match(/<!--|<script/i)![0])}`);
  }
  for (const p of payloads) if (html.includes(p)) problems.push(`the page holds ${JSON.stringify(p)} unescaped`);
  return problems;
}

/** The parsed JSON-LD blocks of a page, keyed by their id. */
export function jsonLdBlocks(html: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const s of scanScripts(html)) {
    if (!/type="application\/ld\+json"/.test(s.attributes)) continue;
    const id = /\bid="([^"]*)"/.exec(s.attributes)?.[1] ?? `#${out.size}`;
    out.set(id, JSON.parse(s.body));
  }
  return out;
}
