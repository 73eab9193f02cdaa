/**
 * Issue 33: the Redirection plugin's regular expressions are PCRE (PHP's `preg_match`); the site
 * matches them with JavaScript's RegExp. This translates what JavaScript can run with the same
 * meaning and refuses the rest (the rule is dropped and logged, never guessed at):
 *
 * - translated: `(?P<name>…)` and `(?'name'…)` → `(?<name>…)`, `(?P=name)` / `\k{name}` /
 *   `\k'name'` → `\k<name>`, `\g{n}` / `\gn` → `\n`, `\A` → `^`, `\z` → `$`, `\Z` → `(?=\n?$)`,
 *   `\h` → `[\t ]`, `\e` / `\a`, `\x{hhhh}`, `\Q…\E` (quoted text), POSIX classes
 *   (`[[:alpha:]]`…), `(?#comments)`, a leading `(?i)` / `(?s)` / `(?m)` (as flags), and a `]`
 *   first in a class (a literal in PCRE, an empty class in JavaScript);
 * - refused: possessive quantifiers (`a++`), atomic groups `(?>…)`, recursion (`(?R)`, `(?1)`,
 *   `(?&name)`, `(?P>name)`), conditionals `(?(…)…)`, branch reset `(?|…)`, inline flags elsewhere
 *   than at the start, `(?x)` and `(?U)`, backtracking verbs `(*…)`, `\G`, `\K`, `\R`, `\X`, `\C`,
 *   `\p{…}`, relative back references, unknown letter escapes (PCRE2 refuses them too);
 * - refused as a guard against catastrophic backtracking: a group with an unbounded quantifier
 *   (`*`, `+`, `{n,}`) that itself repeats without bound (`(a+)+`, `(.*)*`, `((ab)*c)+`), the
 *   classic exponential shape, and patterns over MAX_PATTERN_LENGTH characters. The subject is
 *   capped too (./match.ts). Overlapping alternatives (`(a|a)*`) are not detected: rules are
 *   written by the site's editors, not by visitors.
 */

export const MAX_PATTERN_LENGTH = 500;

export type PcreTranslation = { regex: RegExp; source: string } | { problem: string };

const POSIX_CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  word: '\\w',
  xdigit: '0-9A-Fa-f',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
};

const escapeLiteral = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

interface Frame {
  /** The group contains a quantifier without an upper bound. */
  unbounded: boolean;
}

/**
 * The PCRE pattern (without delimiters, as Redirection stores it) as a JavaScript RegExp, or the
 * reason it cannot be one. `ignoreCase` adds the `i` flag (the rule's "ignore case").
 */
export function translatePcre(pattern: string, ignoreCase: boolean): PcreTranslation {
  if (pattern.length > MAX_PATTERN_LENGTH) return { problem: `the pattern is longer than ${MAX_PATTERN_LENGTH} characters` };
  const flags = new Set<string>(ignoreCase ? ['i'] : []);
  let rest = pattern;
  const leading = /^\(\?([a-zA-Z]+)\)/.exec(rest);
  if (leading) {
    for (const flag of leading[1]) {
      if (flag === 'i' || flag === 's' || flag === 'm') flags.add(flag);
      else return { problem: `the inline option (?${flag}) has no JavaScript equivalent` };
    }
    rest = rest.slice(leading[0].length);
  }
  let out = '';
  const stack: Frame[] = [{ unbounded: false }];
  // What the last atom was, for the quantifier that may follow it.
  let lastGroup: Frame | null = null;
  let lastWasAtom = false;
  let i = 0;
  const fail = (problem: string): PcreTranslation => ({ problem });
  const atom = (text: string) => {
    out += text;
    lastGroup = null;
    lastWasAtom = true;
  };

  while (i < rest.length) {
    const c = rest[i];
    if (c === '\\') {
      const escaped = escape(rest, i, false);
      if ('problem' in escaped) return fail(escaped.problem);
      atom(escaped.text);
      i = escaped.end;
      continue;
    }
    if (c === '[') {
      const cls = charClass(rest, i);
      if ('problem' in cls) return fail(cls.problem);
      atom(cls.text);
      i = cls.end;
      continue;
    }
    if (c === '(') {
      if (rest.startsWith('(*', i)) return fail('backtracking verbs (*…) have no JavaScript equivalent');
      if (rest.startsWith('(?#', i)) {
        const close = rest.indexOf(')', i);
        if (close < 0) return fail('an unterminated (?#comment)');
        i = close + 1;
        continue;
      }
      let open = '(';
      let length = 1;
      if (rest[i + 1] === '?') {
        const group = groupOpening(rest, i);
        if ('problem' in group) return fail(group.problem);
        if (group.backReference) {
          atom(group.backReference);
          i += group.length;
          continue;
        }
        open = group.text;
        length = group.length;
      }
      out += open;
      stack.push({ unbounded: false });
      lastWasAtom = false;
      i += length;
      continue;
    }
    if (c === ')') {
      if (stack.length === 1) return fail('an unmatched ")"');
      const frame = stack.pop() as Frame;
      if (frame.unbounded) stack[stack.length - 1].unbounded = true;
      out += ')';
      lastGroup = frame;
      lastWasAtom = true;
      i++;
      continue;
    }
    const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})/.exec(rest.slice(i));
    if (quantifier && lastWasAtom) {
      const q = quantifier[0];
      const unbounded = q === '*' || q === '+' || /^\{\d+,\}$/.test(q);
      const group: Frame | null = lastGroup;
      if (unbounded && group !== null && group.unbounded) {
        return fail('a repeated group that itself repeats without bound (like (a+)+) can take exponential time');
      }
      if (unbounded) stack[stack.length - 1].unbounded = true;
      out += q;
      i += q.length;
      if (rest[i] === '+') return fail('possessive quantifiers (like a++) have no JavaScript equivalent');
      if (rest[i] === '?') {
        out += '?';
        i++;
      }
      lastWasAtom = false;
      lastGroup = null;
      continue;
    }
    if (c === '{') {
      // A brace that is not a quantifier is a literal in PCRE (and in JavaScript without the u flag).
      atom('\\{');
      i++;
      continue;
    }
    if (c === '|' || c === '^' || c === '$') {
      out += c;
      lastWasAtom = false;
      lastGroup = null;
      i++;
      continue;
    }
    if (c === '/') {
      atom('\\/');
      i++;
      continue;
    }
    atom(c);
    i++;
  }
  if (stack.length !== 1) return fail('an unclosed "("');
  try {
    const regex = new RegExp(out, [...flags].sort().join(''));
    return { regex, source: out };
  } catch (error) {
    return fail(`JavaScript cannot compile it (${(error as Error).message})`);
  }
}

type Piece = { text: string; end: number } | { problem: string };

/** An escape sequence at `at` (a backslash), outside or inside a character class. */
function escape(text: string, at: number, inClass: boolean): Piece {
  const c = text[at + 1];
  if (c === undefined) return { problem: 'the pattern ends with a backslash' };
  const end = at + 2;
  if (c === 'Q') {
    const close = text.indexOf('\\E', end);
    const literal = close < 0 ? text.slice(end) : text.slice(end, close);
    return { text: escapeLiteral(literal), end: close < 0 ? text.length : close + 2 };
  }
  if (c === 'E') return { text: '', end };
  if (/[dDwWsSnrtfv0]/.test(c)) return { text: `\\${c}`, end };
  if (/[bB]/.test(c)) return inClass && c === 'B' ? { problem: '\\B in a character class' } : { text: `\\${c}`, end };
  if (c === 'e') return { text: '\\x1b', end };
  if (c === 'a') return { text: '\\x07', end };
  if (c === 'h') return { text: inClass ? '\\t ' : '[\\t ]', end };
  if (!inClass) {
    if (c === 'A') return { text: '^', end };
    if (c === 'z') return { text: '$', end };
    if (c === 'Z') return { text: '(?=\\n?$)', end };
  }
  if (c === 'x') {
    const braced = /^\{([0-9a-fA-F]{1,4})\}/.exec(text.slice(end));
    if (braced) return { text: `\\u${braced[1].padStart(4, '0')}`, end: end + braced[0].length };
    const short = /^[0-9a-fA-F]{2}/.exec(text.slice(end));
    if (short) return { text: `\\x${short[0]}`, end: end + 2 };
    return { problem: 'a \\x escape JavaScript cannot read (code points above U+FFFF included)' };
  }
  if (c === 'c') {
    const letter = text[end];
    if (letter && /[A-Za-z]/.test(letter)) return { text: `\\c${letter}`, end: end + 1 };
    return { problem: 'a \\c escape without a letter' };
  }
  if (!inClass && /[1-9]/.test(c)) {
    const digits = /^\d+/.exec(text.slice(at + 1)) as RegExpExecArray;
    return { text: `\\${digits[0]}`, end: at + 1 + digits[0].length };
  }
  if (!inClass && c === 'g') {
    const ref = /^(?:\{(\d+)\}|(\d+)|\{([A-Za-z_]\w*)\})/.exec(text.slice(end));
    if (!ref) return { problem: 'a \\g reference JavaScript cannot follow (relative references included)' };
    return { text: ref[3] ? `\\k<${ref[3]}>` : `\\${ref[1] ?? ref[2]}`, end: end + ref[0].length };
  }
  if (!inClass && c === 'k') {
    const ref = /^(?:\{([A-Za-z_]\w*)\}|'([A-Za-z_]\w*)'|<([A-Za-z_]\w*)>)/.exec(text.slice(end));
    if (!ref) return { problem: 'a malformed \\k reference' };
    return { text: `\\k<${ref[1] ?? ref[2] ?? ref[3]}>`, end: end + ref[0].length };
  }
  if (/[A-Za-z0-9]/.test(c)) return { problem: `the escape \\${c} has no JavaScript equivalent` };
  // Any other character escaped is that character.
  return { text: c === '/' ? '\\/' : escapeLiteral(c) || c, end };
}

/** A character class at `at` (a `[`). */
function charClass(text: string, at: number): Piece {
  let i = at + 1;
  let out = '[';
  if (text[i] === '^') {
    out += '^';
    i++;
  }
  if (text[i] === ']') {
    out += '\\]';
    i++;
  }
  while (i < text.length) {
    const c = text[i];
    if (c === ']') return { text: `${out}]`, end: i + 1 };
    if (c === '[' && text[i + 1] === ':') {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(text.slice(i));
      if (posix) {
        if (posix[1] || !(posix[2] in POSIX_CLASSES)) return { problem: `the POSIX class [:${posix[1]}${posix[2]}:] has no JavaScript equivalent here` };
        out += POSIX_CLASSES[posix[2]];
        i += posix[0].length;
        continue;
      }
    }
    if (c === '\\') {
      const escaped = escape(text, i, true);
      if ('problem' in escaped) return escaped;
      out += escaped.text;
      i = escaped.end;
      continue;
    }
    out += c === '[' || c === '/' ? `\\${c}` : c;
    i++;
  }
  return { problem: 'an unclosed "["' };
}

/** The opening of a `(?…` group at `at`: its JavaScript text, or a back reference, or the problem. */
function groupOpening(text: string, at: number): { text: string; length: number; backReference?: string } | { problem: string } {
  const after = text.slice(at + 2);
  for (const plain of [':', '=', '!', '<=', '<!']) {
    if (after.startsWith(plain)) return { text: `(?${plain}`, length: 2 + plain.length };
  }
  const named = /^(?:P<([A-Za-z_]\w*)>|<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)')/.exec(after);
  if (named) return { text: `(?<${named[1] ?? named[2] ?? named[3]}>`, length: 2 + named[0].length };
  const reference = /^P=([A-Za-z_]\w*)\)/.exec(after);
  if (reference) return { text: '', length: 2 + reference[0].length, backReference: `\\k<${reference[1]}>` };
  if (after.startsWith('>')) return { problem: 'atomic groups (?>…) have no JavaScript equivalent' };
  if (after.startsWith('|')) return { problem: 'branch reset groups (?|…) have no JavaScript equivalent' };
  if (after.startsWith('(')) return { problem: 'conditional groups (?(…)…) have no JavaScript equivalent' };
  if (/^(?:R|[+-]?\d|&|P>)/.test(after)) return { problem: 'recursion and subroutine calls have no JavaScript equivalent' };
  return { problem: 'inline options or a group kind JavaScript does not have (only a leading (?i), (?s), (?m) is translated)' };
}
