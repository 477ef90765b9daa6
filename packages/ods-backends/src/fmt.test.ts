// The two flavours of tgfmt (fmt.ts): the ODS generators' and DRR's.
import { describe, expect, it } from 'vitest';
import { FmtContext, drrFmt, tgfmt } from './fmt.js';

describe('tgfmt', () => {
  const ctx = new FmtContext().withSelf('attr').addSubst('x', 'X');
  it('substitutes names and positional arguments, marking unresolved ones as mlir-tblgen-22 does', () => {
    expect(tgfmt('f($_self, $x, $y, $0, $1..., $3, $2...)', ctx, 'a', 'b', 'c')).toBe(
      'f(attr, X, $y<no-subst-found>, a, b, c, $3<no-subst-found>, c)',
    );
    expect(tgfmt('$_self', undefined)).toBe('$_self<no-subst-found>');
  });
  it('reads `$$` as `$` and keeps a lone `$`', () => {
    expect(tgfmt('a$$x $ $', ctx)).toBe('a$x $ $');
  });
});

describe('drrFmt', () => {
  const ctx = new FmtContext().withOp('op0');
  it('marks unresolved placeholders', () => {
    expect(drrFmt('$_op $y $1 $1... $', ctx, ['a'])).toBe('op0 $y<no-subst-found> $1<no-subst-found> $1...<no-subst-found> $');
    expect(drrFmt('$_op', undefined)).toBe('$_op<no-subst-found>');
  });
  it('has no `$$` escape', () => {
    expect(drrFmt('a$$_op', ctx)).toBe('a$op0');
  });
});
