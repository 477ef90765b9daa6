// SPIR-V ops covering every argument kind the (de)serializer and the availability generators
// handle. Built on MLIR's SPIRVBase.td, read from the installed tree.
include "mlir/Dialect/SPIRV/IR/SPIRVBase.td"

// Operands only, one result: the generic processOpWithoutGrammarAttr path.
def T_PlainOp : SPIRV_Op<"Plain", []> {
  let arguments = (ins SPIRV_Integer:$lhs, SPIRV_Integer:$rhs);
  let results = (outs SPIRV_Integer:$result);
}

// Operands before attributes: one loop over the operands, then each attribute.
def T_AheadOp : SPIRV_Op<"Ahead", []> {
  let arguments = (ins
    SPIRV_Integer:$value,
    SPIRV_ScopeAttr:$scope,
    SPIRV_StorageClassAttr:$storage,
    OptionalAttr<SPIRV_MemoryAccessAttr>:$access,
    I32ArrayAttr:$indices,
    I32Attr:$literal,
    TypeAttr:$ty
  );
  let results = (outs SPIRV_Integer:$result);
  let availability = [MinVersion<SPIRV_V_1_3>, Extension<[SPV_KHR_variable_pointers]>,
                      Capability<[SPIRV_C_Shader]>];
}

// Attributes between operands, a variadic last operand, no result.
def T_MixedOp : SPIRV_Op<"Mixed", []> {
  let arguments = (ins
    SPIRV_AnyPtr:$ptr,
    SPIRV_MemorySemanticsAttr:$semantics,
    SPIRV_Integer:$count,
    Variadic<SPIRV_Integer>:$rest
  );
  let results = (outs);
}

// An extended instruction with attributes, and one with none.
def T_ExtAttrOp : SPIRV_ExtInstOp<"Ext", "T", "Test.ext", 7> {
  let arguments = (ins SPIRV_Float:$x, OptionalAttr<I32Attr>:$k);
  let results = (outs SPIRV_Float:$result);
}
def T_ExtPlainOp : SPIRV_ExtInstOp<"Plain", "T", "Test.ext", 3> {
  let arguments = (ins SPIRV_Float:$x);
  let results = (outs SPIRV_Float:$result);
}
def T_OtherSetOp : SPIRV_ExtInstOp<"Other", "U", "Other.set", 1> {
  let arguments = (ins SPIRV_Float:$x);
  let results = (outs SPIRV_Float:$result);
}

// Hand-written (de)serializer and availability; no opcode.
def T_ManualOp : SPIRV_Op<"Manual", []> {
  let arguments = (ins SPIRV_Integer:$x, I32Attr:$n);
  let results = (outs);
  let autogenSerialization = 0;
  let autogenAvailability = 0;
  let hasOpcode = 0;
}

// A bit enum attribute and an int enum attribute whose cases carry availability specs.
def T_AccessOp : SPIRV_Op<"Access", []> {
  let arguments = (ins
    SPIRV_AnyPtr:$ptr,
    SPIRV_MemoryAccessAttr:$memory_access,
    SPIRV_StorageClassAttr:$storage_class
  );
  let results = (outs);
  let availability = [MaxVersion<SPIRV_V_1_5>];
}
