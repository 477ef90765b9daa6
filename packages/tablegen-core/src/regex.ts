// POSIX extended regular expressions as llvm::Regex compiles them (the BSD regcomp with
// REG_EXTENDED), translated to JavaScript RegExps for `!match` and `!instances`: same syntax
// errors, `\x` as a literal character, `[[:class:]]` brackets, `{` literal unless a digit
// follows, back-references to closed groups only, `.` matching newlines.

const DUPMAX = 255;

const CLASSES: { readonly [name: string]: (c: number) => boolean } = {
  alnum: (c) => isDigit(c) || isUpper(c) || isLower(c),
  alpha: (c) => isUpper(c) || isLower(c),
  blank: (c) => c === 32 || c === 9,
  cntrl: (c) => c < 32 || c === 127,
  digit: (c) => isDigit(c),
  graph: (c) => c > 32 && c < 127,
  lower: (c) => isLower(c),
  print: (c) => c >= 32 && c < 127,
  punct: (c) => c > 32 && c < 127 && !isDigit(c) && !isUpper(c) && !isLower(c),
  space: (c) => c === 32 || (c >= 9 && c <= 13),
  upper: (c) => isUpper(c),
  xdigit: (c) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102),
};

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

class RegexSyntaxError extends Error {}

function hex(c: number): string {
  return c < 256 ? `\\x${c.toString(16).padStart(2, '0')}` : `\\u${c.toString(16).padStart(4, '0')}`;
}

/** Translates one pattern; throws RegexSyntaxError where regcomp reports an error. */
class Translator {
  private pos = 0;
  private out = '';
  private groups = 0;
  private readonly closed = new Set<number>();

  constructor(private readonly re: string) {}

  translate(): string {
    if (this.re.length === 0) this.fail();
    this.parseEre(undefined);
    if (this.more()) this.fail();
    return this.out;
  }

  private fail(): never {
    throw new RegexSyntaxError(this.re);
  }
  private more(): boolean {
    return this.pos < this.re.length;
  }
  private peek(i = 0): number {
    const p = this.pos + i;
    return p < this.re.length ? this.re.charCodeAt(p) : -1;
  }

  /** ere ::= branch ('|' branch)*, every branch non-empty. */
  private parseEre(stop: number | undefined): void {
    for (;;) {
      const start = this.out.length;
      while (this.more() && this.peek() !== 124 && this.peek() !== stop) this.parseExp();
      if (this.out.length === start) this.fail();
      if (this.peek() !== 124) return;
      this.pos++;
      this.out += '|';
    }
  }

  private parseExp(): void {
    const c = this.re.charCodeAt(this.pos++);
    let wasCaret = false;
    switch (c) {
      case 40: {
        // '('
        if (!this.more()) this.fail();
        const n = ++this.groups;
        this.out += '(';
        if (this.peek() !== 41) this.parseEre(41);
        if (this.peek() !== 41) this.fail();
        this.pos++;
        this.out += ')';
        this.closed.add(n);
        break;
      }
      case 41:
      case 124:
      case 42:
      case 43:
      case 63:
        this.fail();
        break;
      case 94:
        this.out += '^';
        wasCaret = true;
        break;
      case 36:
        this.out += '$';
        break;
      case 46:
        this.out += '[^]';
        break;
      case 91:
        this.parseBracket();
        break;
      case 92: {
        if (!this.more()) this.fail();
        const e = this.re.charCodeAt(this.pos++);
        if (e >= 49 && e <= 57) {
          if (!this.closed.has(e - 48)) this.fail();
          this.out += `(?:\\${e - 48})`;
        } else {
          this.out += hex(e);
        }
        break;
      }
      case 123:
        if (this.more() && isDigit(this.peek())) this.fail();
        this.out += hex(c);
        break;
      default:
        this.out += hex(c);
        break;
    }
    if (!this.isRepetitionAhead()) return;
    if (wasCaret) this.fail();
    const r = this.re.charCodeAt(this.pos++);
    if (r === 123) {
      const min = this.parseCount();
      let max: number | undefined = min;
      if (this.peek() === 44) {
        this.pos++;
        max = isDigit(this.peek()) ? this.parseCount() : undefined;
        if (max !== undefined && min > max) this.fail();
      }
      if (this.peek() !== 125) this.fail();
      this.pos++;
      this.out += max === undefined ? `{${min},}` : `{${min},${max}}`;
    } else {
      this.out += String.fromCharCode(r);
    }
    if (this.isRepetitionAhead()) this.fail();
  }

  private isRepetitionAhead(): boolean {
    const c = this.peek();
    return c === 42 || c === 43 || c === 63 || (c === 123 && isDigit(this.peek(1)));
  }

  private parseCount(): number {
    let n = 0;
    let digits = 0;
    while (isDigit(this.peek()) && n <= DUPMAX) {
      n = n * 10 + (this.peek() - 48);
      this.pos++;
      digits++;
    }
    if (digits === 0 || n > DUPMAX) this.fail();
    return n;
  }

  private parseBracket(): void {
    const re = this.re;
    if (re.startsWith('[:<:]]', this.pos)) {
      this.pos += 6;
      this.out += '\\b(?=\\w)';
      return;
    }
    if (re.startsWith('[:>:]]', this.pos)) {
      this.pos += 6;
      this.out += '\\b(?<=\\w)';
      return;
    }
    const set = new Set<number>();
    let invert = false;
    if (this.peek() === 94) {
      this.pos++;
      invert = true;
    }
    if (this.peek() === 93) {
      this.pos++;
      set.add(93);
    } else if (this.peek() === 45) {
      this.pos++;
      set.add(45);
    }
    while (this.more() && this.peek() !== 93 && !(this.peek() === 45 && this.peek(1) === 93)) this.parseBracketTerm(set);
    if (this.peek() === 45) {
      this.pos++;
      set.add(45);
    }
    if (this.peek() !== 93) this.fail();
    this.pos++;
    const codes = [...set].sort((a, b) => a - b);
    let body = '';
    for (let i = 0; i < codes.length; ) {
      let j = i;
      while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
      body += j > i ? `${hex(codes[i]!)}-${hex(codes[j]!)}` : hex(codes[i]!);
      i = j + 1;
    }
    if (body === '') this.out += invert ? '[^]' : '[]';
    else this.out += invert ? `[^${body}]` : `[${body}]`;
  }

  private parseBracketTerm(set: Set<number>): void {
    const c = this.peek();
    if (c === 45) this.fail();
    const kind = c === 91 ? this.peek(1) : -1;
    if (kind === 58 || kind === 61) {
      // [:class:] or [=c=]
      this.pos += 2;
      if (!this.more() || this.peek() === 45 || this.peek() === 93) this.fail();
      const end = this.re.indexOf(kind === 58 ? ':]' : '=]', this.pos);
      if (end < 0) this.fail();
      const name = this.re.slice(this.pos, end);
      this.pos = end + 2;
      if (kind === 58) {
        const pred = CLASSES[name];
        if (!pred) this.fail();
        for (let i = 0; i < 256; i++) if (pred(i)) set.add(i);
      } else {
        if (name.length !== 1) this.fail();
        set.add(name.charCodeAt(0));
      }
      return;
    }
    const start = this.parseBracketSymbol();
    let finish = start;
    if (this.peek() === 45 && this.pos + 1 < this.re.length && this.peek(1) !== 93) {
      this.pos++;
      if (this.peek() === 45) {
        this.pos++;
        finish = 45;
      } else {
        finish = this.parseBracketSymbol();
      }
    }
    if (start > finish) this.fail();
    for (let i = start; i <= finish; i++) set.add(i);
  }

  private parseBracketSymbol(): number {
    if (!this.more()) this.fail();
    if (this.peek() === 91 && this.peek(1) === 46) {
      // [.c.]
      this.pos += 2;
      const end = this.re.indexOf('.]', this.pos);
      if (end < 0) this.fail();
      const name = this.re.slice(this.pos, end);
      this.pos = end + 2;
      if (name.length !== 1) this.fail();
      return name.charCodeAt(0);
    }
    return this.re.charCodeAt(this.pos++);
  }
}

/** Compile a POSIX ERE the way llvm::Regex does, or return undefined if it is invalid. */
export function compilePosixRegex(pattern: string): RegExp | undefined {
  try {
    return new RegExp(new Translator(pattern).translate(), 's');
  } catch (e) {
    if (e instanceof RegexSyntaxError || e instanceof SyntaxError) return undefined;
    throw e;
  }
}
