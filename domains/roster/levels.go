package roster

import (
	"fmt"
	"slices"

	"github.com/plancert/plancert/domains"
)

// The sizes of the levels above 1 (level 1 is each subtask's own table):
// more staff, over more weeks (Weeks repeats the subtask's days, weekend
// included). Longer periods couple more: the max-shifts caps, the
// consecutive-day and night-rest windows and the weekend maximum run over
// more days, and the pay, the spread and the preferences over more
// people. Index 0 is level 2.
var (
	levelStaff = [4]span{{6, 7}, {7, 8}, {8, 9}, {9, 11}}
	levelWeeks = [4]span{{1, 1}, {1, 1}, {1, 1}, {1, 1}}
	// shortWeeks are the repeats of a period of four days or fewer (the
	// festival's long weekend): two to seven of them.
	shortWeeks = [4]span{{1, 1}, {1, 2}, {2, 2}, {2, 2}}
)

// longIntro is the first paragraph of a subtask's prompt when its period
// is longer than its days (%d: the number of days).
var longIntro = map[string]string{
	"nurse-ward":        "You are drawing up the roster for the nurses of a hospital ward for the next %d days. Give every nurse, on every day, one shift or a day Off.",
	"customer-service":  "You are planning the duty rota for a customer-service help desk open seven days a week, for the next %d days. Give every agent, on every day, one duty or a day Off.",
	"holiday-rota":      "You are planning the rota of a care home for the next %d days, with a public holiday whose demand is not yet certain. Give every carer, on every day, one shift or a day Off.",
	"security-guards":   "You are planning the rota for the security guards of an office campus for the next %d days. Give every guard, on every day, one shift or a day Off.",
	"food-bank":         "You are planning %d days of volunteer posts at a food bank open Monday to Saturday. Give every volunteer, on every day, one post or a day Off.",
	"festival-stewards": "You are rostering volunteer stewards for a summer season of four-day music festivals, Thursday to Sunday, %d festival days in all. Give every steward, on every day, one shift or a day Off.",
	"hotline":           "You are rostering trained volunteers for a listening helpline that runs day and night, for the next %d days. Give every volunteer, on every day, one shift or a day Off.",
	"animal-shelter":    "You are planning the rota of volunteers at an animal shelter for the next %d days. Give every volunteer, on every day, one shift or a day Off.",
}

// longPlainIntro is longIntro without the holiday-demand rule (see
// subtask.IntroPlain).
var longPlainIntro = map[string]string{
	"holiday-rota": "You are planning the rota of a care home for the next %d days. Give every carer, on every day, one shift or a day Off.",
}

// atLevel returns a copy of st with the staff and weeks of level
// (2..domains.Levels).
func atLevel(st *subtask, level int) *subtask {
	c := *st
	k := level - 2
	c.Staff = append(slices.Clip(st.Staff), st.MoreStaff...)
	c.NStaff = levelStaff[k]
	c.NStaff.Hi = min(c.NStaff.Hi, len(c.Staff))
	c.Weeks = levelWeeks[k]
	if len(st.Days) <= 4 {
		c.Weeks = shortWeeks[k]
	}
	return &c
}

// repeat returns a copy of st whose days are st's repeated w times, each
// day named with its day of the period ("Mon 1" … "Sun 14"), the weekend
// with them, and the prompt's first paragraph for the longer period.
func (st *subtask) repeat(w int) *subtask {
	c := *st
	c.Weeks = span{}
	if w <= 1 {
		return &c
	}
	nd := len(st.Days)
	c.Days, c.Weekend = nil, nil
	for x := range w {
		for d, name := range st.Days {
			c.Days = append(c.Days, fmt.Sprintf("%s %d", name, x*nd+d+1))
		}
		for _, d := range st.Weekend {
			c.Weekend = append(c.Weekend, x*nd+d)
		}
	}
	if in, ok := longIntro[st.ID]; ok {
		c.Voc.Intro = fmt.Sprintf(in, len(c.Days))
	}
	if in, ok := longPlainIntro[st.ID]; ok {
		c.IntroPlain = fmt.Sprintf(in, len(c.Days))
	}
	return &c
}

// sizes lists the sizes that st draws: staff, days and shifts.
func sizes(st *subtask) []domains.Size {
	days := domains.Size{Name: "days", Lo: len(st.Days), Hi: len(st.Days)}
	if st.Weeks.Hi > 0 {
		days.Lo, days.Hi = st.Weeks.Lo*len(st.Days), st.Weeks.Hi*len(st.Days)
	}
	return []domains.Size{
		{Name: "staff", Lo: st.NStaff.Lo, Hi: st.NStaff.Hi},
		days,
		{Name: "shifts", Lo: len(st.Shifts), Hi: len(st.Shifts)},
	}
}
