# targets.awk reads the tables of RESULTS.md (written by ../cmd/report) and
# prints the issue's targets as speedups: how many times faster graft is
# than the named row, from the medians of ns/op.
/^## / { split(substr($0, 4), p, " / "); scen = p[1]; file = p[2]; next }
/^\| / && $2 != "row" && $2 !~ /^-/ {
	name = $2; gsub(/[*`]/, "", name)
	ns = $6; gsub(/,/, "", ns); mbs = $8
	t[scen, file, name] = ns; m[scen, file, name] = mbs
	files[file] = 1
}
function row(scen, peer, label, target,    f, g, line) {
	line = "| " label " | " target " |"
	for (f = 1; f <= 3; f++) {
		if (t[scen, order[f], "graft"] == "" && t[scen, order[f], "graft-load"] == "") { line = line " – |"; continue }
		g = t[scen, order[f], "graft"]; if (g == "") g = t[scen, order[f], "graft-load"]
		line = line sprintf(" %.1f× |", t[scen, order[f], peer] / g)
	}
	print line
}
END {
	order[1] = "twitter"; order[2] = "citm_catalog"; order[3] = "canada"
	print "| graft faster than | target | twitter | citm_catalog | canada |"
	print "|---|---:|---:|---:|---:|"
	row("JSONToCBOR", "stdjson-fxamacker", "JSON → CBOR: encoding/json → any → fxamacker", "≥ 8×")
	row("JSONToCBOR", "ugorji", "JSON → CBOR: ugorji codec", "–")
	row("CBORToJSON", "fxamacker-stdjson", "CBOR → JSON: fxamacker → any → encoding/json", "≥ 5×")
	row("CBORToTree", "fxamacker", "CBOR → tree: fxamacker into any", "–")
	row("JSONToMsgpack", "stdjson-tinylib", "JSON → MessagePack: encoding/json → any → tinylib", "> 1×")
	row("JSONToMsgpack", "stdjson-vmihailenco", "JSON → MessagePack: encoding/json → any → vmihailenco", "–")
	row("MsgpackToJSON", "tinylib", "MessagePack → JSON: tinylib UnmarshalAsJSON", "> 1×")
	row("MsgpackToJSON", "vmihailenco-stdjson", "MessagePack → JSON: vmihailenco → any → encoding/json", "–")
	row("SnapshotLoad", "parse", "snapshot load: graft Parse of the JSON", "≥ 10×")
	line = "| JSON → CBOR throughput, MB/s of JSON | ≥ 400 |"
	for (f = 1; f <= 3; f++) line = line " " m["JSONToCBOR", order[f], "graft"] " |"
	print line
}
