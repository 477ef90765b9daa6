class ValueType<int size, string llvm_name = NAME> { int Size = size; string LLVMName = llvm_name; }
def pAny : ValueType<0>;
def iAny : ValueType<0>;
def cPTR : ValueType<0>;
def iPTRAny : ValueType<0>;
def fAny : ValueType<0, "Other">;
def xx : ValueType<0, "vAny">;
def i32 : ValueType<32>;
def Any : ValueType<0>;
class NotVT { int Value = 5; }
def vAny : NotVT;
class LLVMType<ValueType vt> { ValueType VT = vt; }
class IntrinsicProperty;
def IntrNoMem : IntrinsicProperty;
def Commutative : IntrinsicProperty;
class Intrinsic<list<LLVMType> r, list<LLVMType> p = [], list<IntrinsicProperty> props = [], string name = ""> {
  string LLVMName = name; string TargetPrefix = ""; list<LLVMType> RetTypes = r; list<LLVMType> ParamTypes = p;
  list<IntrinsicProperty> IntrProperties = props;
}
def int_foo_bar_baz : Intrinsic<[LLVMType<pAny>, LLVMType<i32>], [LLVMType<iAny>, LLVMType<cPTR>, LLVMType<Any>, LLVMType<iPTRAny>, LLVMType<fAny>, LLVMType<xx>], [Commutative, IntrNoMem]>;
let TargetPrefix = "foo" in
def int_foo_x_y : Intrinsic<[], [LLVMType<i32>], [], "named.one">;
let TargetPrefix = "foo" in
def int_foo_q_y : Intrinsic<[], [LLVMType<i32>], []>;
def int_bar : Intrinsic<[], [], []>;
let TargetPrefix = "zz" in
def abc_d_e : Intrinsic<[], [], [IntrNoMem]>;
let TargetPrefix = "zz" in
def int_single : Intrinsic<[LLVMType<Any>], []>;
def int_num_10 : Intrinsic<[], []>;
def int_num_9 : Intrinsic<[], []>;
