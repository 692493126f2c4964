package domains

// The parts of an answer, as the grading rules see them (docs/grading.md):
// the feasibility claim and its conflict (ReadClaim, ConflictPart), the
// plan, the values an answer states about its plan, and further plans
// (backups, say). Each item reads some of them; a part that cannot be
// read fails the format item and the items that read it, nothing else.

// PartKind says what a part of an answer is to the items that read it
// (docs/grading.md).
type PartKind string

// The kinds of parts.
const (
	// PartPlan is (a piece of) the plan: every item reads it, so when it
	// cannot be read every item fails (Claim.FormatErr).
	PartPlan PartKind = "plan"
	// PartStated is a value the answer states about its own plan (a goal
	// value, a total time): only the items that check it read it. Absent,
	// it fails those items as a wrong value does, and nothing else.
	PartStated PartKind = "stated"
	// PartExtra is a further plan besides the main one (backups, the
	// schedule if a room fails, a recovery plan): the items that judge it
	// read it, and the main plan's items do not. Absent, it fails the
	// items that read it, and nothing else.
	PartExtra PartKind = "extra"
)

// Part is one member of a feasible answer's object besides the
// feasibility claim: its key, its kind, and the items (besides the
// format item) whose verdicts read it; a PartPlan's items are every item
// of the checklist (Items is then nil).
type Part struct {
	Key   string
	Kind  PartKind
	Items []string
}

// Parter is implemented by instances whose feasible answers have parts:
// AnswerParts lists every member of the answer form (the plan's own keys
// as PartPlan), in the order of the form. The checker reads the parts by
// the same declarations (Claim.Unreadable, ReadStated); the grading
// properties are tested over them (domains/all).
type Parter interface {
	AnswerParts() []Part
}

// ConflictPart is the conflict of an infeasibility claim: the part that
// the conflict item reads.
var ConflictPart = Part{Key: "conflict", Kind: PartStated, Items: []string{ItemConflict}}
