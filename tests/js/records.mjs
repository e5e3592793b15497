// Records at and over the size bound, and a long line, in the browser engine. Run by run_vectors.mjs;
// the messages go back to Python, which checks they are the ones halfmoon.record gives.

const CODE = "HM1-N-AAAAAAB";

export function checkRecordLimits(E) {
  const bad = [];
  const messages = {};
  const limit = E.RECORD_LIMIT;
  // A line of many moves is read once: a parser quadratic in the line would not finish here.
  const many = 150_000;
  const long = `${CODE} ${"R7+R8 ".repeat(many)}`;
  const record = E.parseRecord(long);
  if (record.moves.length !== many) bad.push(`long line: ${record.moves.length} moves read, want ${many}`);
  if (record.spans.at(-1).column !== CODE.length + 2 + 6 * (many - 1)) bad.push("long line: last column");
  // Exactly at the bound is read; one character more is refused, counted in code points as Python does.
  const atLimit = CODE + " ".repeat(limit - CODE.length);
  if (E.parseRecord(atLimit).moves.length !== 0) bad.push("a record at the bound was not read");
  const astral = CODE + "\u{1d538}".repeat((limit - CODE.length) / 1); // 2 UTF-16 units each
  try {
    E.parseRecord(astral);
    bad.push("a record over the bound in UTF-16 units but at it in code points must be read");
  } catch (error) {
    if (error.kind === "size") bad.push("code points, not UTF-16 units, are counted");
  }
  for (const [name, text] of [["over", `${atLimit} `], ["bom_over", `\ufeff${atLimit} `], ["named", `${atLimit}  `]]) {
    try {
      E.parseRecord(text, name === "named" ? "game.txt" : undefined);
      bad.push(`a record over the bound (${name}) was read`);
    } catch (error) {
      if (error.kind !== "size") bad.push(`over the bound (${name}): kind ${error.kind}`);
      messages[name] = error.message;
    }
  }
  // A huge token is echoed cut short, in the record's message and in the move's.
  for (const text of [`${CODE} 1+${"9".repeat(900_000)}`, `HM1-N-${"A".repeat(900_000)}`]) {
    try {
      E.parseRecord(text);
      bad.push("a record with a huge token was read");
    } catch (error) {
      if (error.kind === "size") bad.push("the huge-token record should be under the size bound");
      if (error.message.length > 300) bad.push(`a huge token is echoed whole (${error.message.length} characters)`);
    }
  }
  return { bad, count: 7, messages };
}
