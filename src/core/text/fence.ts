/**
 * A Markdown code block around text from the workspace: the fence is one backtick longer than
 * the longest run of backticks in the text, so the text cannot close the block early and go on as
 * Markdown (links, images, HTML) in the task's description. Linear in the text's length.
 */
export function fenced(code: string, language: string): string {
  let longest = 2;
  let run = 0;
  for (let i = 0; i < code.length; i++) {
    run = code.charCodeAt(i) === 96 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const fence = '`'.repeat(longest + 1);
  // The info string is a language id; anything else in it is dropped.
  const info = /^[A-Za-z0-9_+.-]{0,40}$/.test(language) ? language : '';
  return `${fence}${info}\n${code}\n${fence}`;
}
