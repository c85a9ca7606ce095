// Package adapt is what every headroom adapter shares: the agent-loop
// calls written once over any SDK's message type, the pairing of tool
// results with their calls, the mapping of a compacted conversation back
// onto the caller's SDK values, and token estimates for what headroom
// carries as opaque parts.
//
// An adapter implements [Codec] for its SDK message type and exposes
// [CompressNew] and [Compact] with its own types:
//
//	func CompressNew(ctx context.Context, c headroom.Compressor, history, batch []sdk.Message) ([]sdk.Message, headroom.Report, error) {
//		return adapt.CompressNew(ctx, codec{}, c, history, batch)
//	}
//
// The rules every adapter keeps, enforced here rather than in each codec:
// a message headroom did not change comes back as the caller's own value;
// a changed message is the codec's Patch of the original (a copy with only
// the changed text replaced); only a message no input message accounts
// for (a conversation summary) is built anew by FromNeutral. Nothing the
// caller holds is written.
package adapt
