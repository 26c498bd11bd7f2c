// Package binary (a module of its own, never imported) benchmarks graft's
// binary formats side by side with their peers on the corpus files
// twitter, citm_catalog and canada:
//
//   - JSONToCBOR: graft (Parse + cbor.AppendCBOR) against encoding/json →
//     any → fxamacker/cbor v2, and ugorji/go codec (its JSON handle → any →
//     its CBOR handle).
//   - CBORToJSON: graft (cbor.AppendJSON) against fxamacker Unmarshal into
//     any then encoding/json; CBORToTree: graft (cbor.Decode into a Doc)
//     against fxamacker Unmarshal into any. The CBOR input is what
//     fxamacker writes for the document, so every row reads the same bytes.
//   - JSONToMsgpack: graft (Parse + msgpack.AppendMsgpack) against
//     encoding/json → any → vmihailenco/msgpack v5 and tinylib/msgp
//     (AppendIntf).
//   - MsgpackToJSON: graft (msgpack.AppendJSON) against tinylib/msgp's
//     direct UnmarshalAsJSON and vmihailenco Unmarshal into any then
//     encoding/json. The input is what vmihailenco writes.
//   - SnapshotLoad: graft LoadSnapshot against graft Parse of the same
//     document.
//
// Every row's output is checked once, before timing, against the value
// encoding/json reads from the JSON file (TestOutputs runs the same
// checks). run.sh writes results.txt and RESULTS.md.
package binary
