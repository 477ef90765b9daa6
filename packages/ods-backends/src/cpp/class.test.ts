// The C++ class model: declaration/definition layout as mlir-tblgen 22 prints op classes
// (compare the op-decls/op-defs outputs of the reference: inline bodies, `;` declarations,
// constructors with member initializers, visibility sections placed by finalize()).
import { describe, expect, it } from 'vitest';
import { CodeWriter } from '../emit.js';
import { Class, MethodParameter, MethodProp, ParentClass, UsingDeclaration, Visibility, VisibilityDeclaration } from './class.js';

function decl(c: Class): string {
  const w = new CodeWriter();
  c.writeDeclTo(w);
  return w.toString();
}
function def(c: Class): string {
  const w = new CodeWriter();
  c.writeDefTo(w);
  return w.toString();
}

describe('Class', () => {
  it('writes inline, declared and out-of-line methods', () => {
    const c = new Class('FooOp');
    c.addParent(new ParentClass('::mlir::Op')).addTemplateParam('FooOp').addTemplateParam('::mlir::OpTrait::ZeroRegions');
    c.declare(new VisibilityDeclaration(Visibility.Public));
    c.declare(new UsingDeclaration('Op::Op'));
    c.declare(new UsingDeclaration('GenericAdaptor', 'FooOpGenericAdaptor<RangeT>')).addTemplateParam('RangeT');
    c.addStaticInlineMethod('::llvm::StringLiteral', 'getOperationName', [], MethodProp.ConstexprValue)!.body.write(
      '  return ::llvm::StringLiteral("toy.foo");',
    );
    c.addMethod('::mlir::Value', 'getX', MethodProp.None, [new MethodParameter('unsigned', 'index'), new MethodParameter('bool', 'flag', 'false')])!.body.write(
      '  return {};\n',
    );
    c.declareMethod('::llvm::LogicalResult', 'verify');
    c.addMethod('int', 'hidden', MethodProp.Inline | MethodProp.Private)!.body.write('  return 0;');
    c.addField('int', 'count');
    c.finalize();
    expect(decl(c)).toBe(
      'class FooOp : public ::mlir::Op<FooOp, ::mlir::OpTrait::ZeroRegions> {\n' +
        'public:\n' +
        '  using Op::Op;\n' +
        '  template <typename RangeT>\n' +
        '  using GenericAdaptor = FooOpGenericAdaptor<RangeT>;\n' +
        '  static constexpr ::llvm::StringLiteral getOperationName() {\n' +
        '    return ::llvm::StringLiteral("toy.foo");\n' +
        '  }\n\n' +
        '  ::mlir::Value getX(unsigned index, bool flag = false);\n' +
        '  ::llvm::LogicalResult verify();\n' +
        'private:\n' +
        '  int hidden() {\n' +
        '    return 0;\n' +
        '  }\n\n' +
        '  int count;\n' +
        '};\n',
    );
    expect(def(c)).toBe('::mlir::Value FooOp::getX(unsigned index, bool flag) {\n  return {};\n}\n\n');
  });

  it('prunes methods made redundant by a method with more defaulted parameters', () => {
    const c = new Class('A');
    expect(c.addMethod('void', 'f', MethodProp.Declaration, [new MethodParameter('int', 'a')])).toBeDefined();
    expect(
      c.addMethod('void', 'f', MethodProp.Declaration, [new MethodParameter('int', 'a'), new MethodParameter('int', 'b', '0')]),
    ).toBeDefined();
    expect(c.addMethod('void', 'f', MethodProp.Declaration, [new MethodParameter('int', 'x')])).toBeUndefined();
    c.finalize();
    expect(decl(c)).toBe('class A {\npublic:\n  void f(int a, int b = 0);\n};\n');
  });

  it('writes constructors with member initializers, inline in templated classes', () => {
    const c = new Class('G');
    c.addTemplateParam('RangeT');
    c.addConstructor([new MethodParameter('RangeT', 'values')])!.addMemberInitializer('Base', 'values');
    c.addConstructor([new MethodParameter('int', 'x'), new MethodParameter('LateInst', 'op')], MethodProp.None, ['LateInst = Foo']);
    c.finalize();
    expect(decl(c)).toBe(
      'template <typename RangeT>\nclass G {\npublic:\n' +
        '  G(RangeT values) : Base(values) {}\n\n' +
        '  template <typename LateInst = Foo>\n  G(int x, LateInst op) {}\n\n' +
        '};\n',
    );
    const d = new Class('D');
    d.addConstructor([new MethodParameter('Op', 'op')])!.addMemberInitializer('odsAttrs', 'op->getAttrs()');
    d.finalize();
    expect(decl(d)).toBe('class D {\npublic:\n  D(Op op);\n\n};\n');
    expect(def(d)).toBe('D::D(Op op) : odsAttrs(op->getAttrs()) {}\n\n');
  });
});
