import Foundation

// SwiftPM gives every executable a main of its own, so libFuzzer's main never runs: start its driver here.
// script/fuzz links the driver in and exports it (--undefined, --export-dynamic), and it is looked up at run
// time so that it is called with the C calling convention.
typealias FuzzerCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
typealias FuzzerDriver =
    @convention(c) (
        UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        FuzzerCallback
    ) -> CInt

guard let symbol = dlsym(nil, "LLVMFuzzerRunDriver") else {
    fatalError("LLVMFuzzerRunDriver is missing: build with script/fuzz")
}
var argumentCount = CommandLine.argc
var arguments = CommandLine.unsafeArgv
// A closure calling the entry point, not the @_cdecl function itself: naming that function as a C pointer here
// makes a debug (non-whole-module) build emit a second LLVMFuzzerTestOneInput in this file, and the link fails.
let callback: FuzzerCallback = { data, size in fuzzRequestBuilding(data, size) }
exit(unsafeBitCast(symbol, to: FuzzerDriver.self)(&argumentCount, &arguments, callback))
