; feasibility
; SMT-LIB 2 written by plancert's export package, with z3's optimization
; commands: "z3 FILE". Bools are Bool, ints Int with asserted bounds.
(declare-const a Int)
(assert (and (<= 1 a) (<= a 4)))
(declare-const b Int)
(assert (and (<= 1 b) (<= b 4)))
(declare-const c Int)
(assert (and (<= 1 c) (<= c 4)))
(declare-const d Int)
(assert (and (<= 1 d) (<= d 4)))
; constraint "all different" (all_different)
(assert (distinct a b c d))
; constraint "a before b" (linear)
(assert (<= (+ a (* (- 1) b)) (- 1)))
; constraint "weighted sum" (linear)
(assert (= (+ a (* 2 b) (* 3 c) (* 4 d)) 25))
(check-sat)
(get-value (a b c d))
