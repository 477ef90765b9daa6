// Enums with availability specs of many classes, self-contained (no MLIR includes): the query
// functions follow llvm::StringMap's order of the class names, past a growth of its table.

class Availability {
  string interfaceName = "";
  string interfaceDescription = "";
  string cppNamespace = "::test";
  string queryFnRetType = "int";
  string queryFnName = "";
  string mergeAction = "";
  string initializer = "0";
  string instanceType = "int";
  string instancePreparation = "";
  string instance = "";
}

class EnumCase<string sym, int val> {
  string symbol = sym;
  string str = sym;
  int value = val;
}
class BitCase<string sym, int val> : EnumCase<sym, val>;

class EnumInfo<string name, list<EnumCase> cases> {
  string className = name;
  string cppNamespace = "::test::ns";
  list<EnumCase> enumerants = cases;
  string underlyingType = "uint32_t";
}
class EnumAttrInfo<string name, list<EnumCase> cases> : EnumInfo<name, cases>;
class BitEnumBase<string name, list<EnumCase> cases> : EnumAttrInfo<name, cases>;

// Fourteen availability classes: the map grows from 16 to 32 buckets at the thirteenth.
class Since<int v> : Availability { let queryFnName = "getSince"; let instance = "V" # v; }
class Until<int v> : Availability { let queryFnName = "getUntil"; let instance = "V" # v; }
class NeedsExt<string e> : Availability {
  let queryFnName = "getExts";
  let instanceType = "::llvm::ArrayRef<Ext>";
  let instancePreparation = "static const Ext exts[] = {Ext::" # e # "}; ArrayRef<Ext> ref(exts, 1);";
  let instance = "ref";
}
class NeedsCap<string c> : Availability { let queryFnName = "getCaps"; let instance = "Cap::" # c; }
class A1<int n> : Availability { let queryFnName = "a1"; let instance = "" # n; }
class A2<int n> : Availability { let queryFnName = "a2"; let instance = "" # n; }
class A3<int n> : Availability { let queryFnName = "a3"; let instance = "" # n; }
class A4<int n> : Availability { let queryFnName = "a4"; let instance = "" # n; }
class A5<int n> : Availability { let queryFnName = "a5"; let instance = "" # n; }
class A6<int n> : Availability { let queryFnName = "a6"; let instance = "" # n; }
class A7<int n> : Availability { let queryFnName = "a7"; let instance = "" # n; }
class A8<int n> : Availability { let queryFnName = "a8"; let instance = "" # n; }
class AVeryLongAvailabilityClassNameThatHashesPastSixteenBytes<int n> : Availability {
  let queryFnName = "along";
  let instance = "" # n;
}
class Zz<int n> : Availability { let queryFnName = "zz"; let instance = "" # n; }

def Red : EnumCase<"Red", 0> {
  list<Availability> availability = [Until<3>, Since<1>, NeedsCap<"Shader">, A8<0>, A7<0>, A6<0>, A5<0>, A4<0>,
                                     A3<0>, A2<0>, A1<0>, Zz<0>, NeedsExt<"KHR_x">,
                                     AVeryLongAvailabilityClassNameThatHashesPastSixteenBytes<0>];
}
def Green : EnumCase<"Green", 1> { list<Availability> availability = [Since<2>, A3<0>]; }
def Blue : EnumCase<"Blue", 2>;

// Every case has a spec of class Since: no default label.
def One : EnumCase<"One", 1> { list<Availability> availability = [Since<1>]; }
def Two : EnumCase<"Two", 2> { list<Availability> availability = [Since<2>, NeedsExt<"KHR_y">]; }

def BitA : BitCase<"BitA", 1> { list<Availability> availability = [NeedsCap<"Kernel">]; }
def BitB : BitCase<"BitB", 2> { list<Availability> availability = [NeedsCap<"Shader">]; }

def ColorEnum : EnumAttrInfo<"Color", [Red, Green, Blue]>;
def CountEnum : EnumInfo<"Count", [One, Two]> { let cppNamespace = ""; }
def FlagsEnum : BitEnumBase<"OpFlags", [BitA, BitB]> { let underlyingType = "uint16_t"; }
def PlainEnum : EnumInfo<"HTTPStatusCode", [Blue]> { let cppNamespace = "a::b::c"; }

// The capability enum of --gen-spirv-capability-implication.
def Matrix : EnumCase<"Matrix", 0>;
def Shader : EnumCase<"Shader", 1> { list<EnumCase> implies = [Matrix]; }
def Geometry : EnumCase<"Geometry", 2> { list<EnumCase> implies = [Shader, Matrix]; }
def Linkage : EnumCase<"Linkage", 3> { list<EnumCase> implies = []; }
def CapabilityEnum : EnumInfo<"Capability", [Matrix, Shader, Geometry, Linkage]>;
def SPIRV_CapabilityAttr { EnumInfo enum = CapabilityEnum; }
