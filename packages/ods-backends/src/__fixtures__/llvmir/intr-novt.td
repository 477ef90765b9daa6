class ValueType<int size> { int Size = size; }
def pAny : ValueType<0>;
class LLVMType<ValueType vt> { ValueType VT = vt; }
class Intrinsic<list<LLVMType> r, list<LLVMType> p = []> {
  string LLVMName = ""; string TargetPrefix = ""; list<LLVMType> RetTypes = r; list<LLVMType> ParamTypes = p;
  list<int> IntrProperties = [];
}
def int_x : Intrinsic<[LLVMType<pAny>]>;
