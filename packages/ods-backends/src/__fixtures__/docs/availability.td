class Availability {
  string interfaceName = ?;
  string interfaceDescription = ?;
  string cppNamespace = ?;
  string queryFnRetType = ?;
  string queryFnName = ?;
}
class AvA : Availability { let interfaceName = "AI"; let interfaceDescription = "  \n  desc\n   x  \n"; let cppNamespace = ""; let queryFnRetType = "int"; let queryFnName = "q"; }
class AvB : Availability { let interfaceName = "BI"; let interfaceDescription = ""; let cppNamespace = "::a::b"; let queryFnRetType = "int *"; let queryFnName = "r"; }
def z1 : AvB;
def a1 : AvA;
def a2 : AvA;
