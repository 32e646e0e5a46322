;;; prme-test.el --- ERT tests of prme.el against the real prme -*- lexical-binding: t -*-

;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Run by tests/test_emacs.py as
;;   emacs -Q --batch -L emacs -l emacs/prme-test.el -f ert-run-tests-batch-and-exit
;; with the installed `prme' on PATH, PRME_EL_STORE naming a store that holds
;; PRME_EL_NOTES (a copy of sample_org/), and PRME_EL_SCRATCH a folder the
;; after-save tests may write in.  Every expectation is read from the same
;; prme with --format json, run synchronously, so the tests check what the
;; package shows against what prme says.

;;; Code:

(require 'cl-lib)
(require 'ert)
(require 'prme)

(defconst prme-test-now "2026-11-27T20:00")
(defconst prme-test-zone "Europe/London")

(defun prme-test--setup ()
  "Point prme.el at the test store, zone and reference time."
  (setq prme-store (getenv "PRME_EL_STORE")
        prme-time-zone prme-test-zone
        prme-extra-arguments (list "--now" prme-test-now)
        prme-last-error nil
        prme-ingest-directories nil
        org-link-frame-setup (cons '(file . find-file) org-link-frame-setup))
  (when (get-buffer prme-buffer-name) (kill-buffer prme-buffer-name)))

(defun prme-test--wait (predicate &optional seconds)
  "Wait until PREDICATE is true, at most SECONDS (default 60); return its value."
  (let ((deadline (+ (float-time) (or seconds 60)))
        value)
    (while (and (not (setq value (funcall predicate)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun prme-test--shown (thunk)
  "Call THUNK, wait for the results buffer to be filled, return its text."
  (let ((shown nil))
    (let ((prme-after-show-hook (list (lambda () (setq shown t)))))
      (funcall thunk)
      (should (prme-test--wait (lambda () (or shown prme-last-error)))))
    (should-not prme-last-error)
    (with-current-buffer prme-buffer-name
      (buffer-substring-no-properties (point-min) (point-max)))))

(defun prme-test--json (&rest arguments)
  "Run prme with ARGUMENTS synchronously and return its JSON document."
  (with-temp-buffer
    (let ((status (apply #'call-process prme-executable nil (list t nil) nil
                         (append (prme--global-arguments) arguments
                                 (list "--format" "json")))))
      (should (memq status '(0 1)))
      (prme--parse-json (buffer-string)))))

(defun prme-test--headings ()
  "Every top-level heading line of the results buffer."
  (with-current-buffer prme-buffer-name
    (save-excursion
      (goto-char (point-min))
      (let (headings)
        (while (re-search-forward "^\\* .*$" nil t)
          (push (match-string-no-properties 0) headings))
        (nreverse headings)))))

(ert-deftest prme-since-shows-one-entry-per-result ()
  (prme-test--setup)
  (let* ((text (prme-test--shown (lambda () (prme-since "monday"))))
         (expected (prme--get (prme-test--json "since" "monday") 'results))
         (headings (prme-test--headings)))
    (should (= (length expected) 19))
    (should (= (length headings) (length expected)))
    (should (string-match-p "^#\\+TITLE: prme since monday$" text))
    (should (string-match-p "^19 results from \\[2026-11-23 Mon 00:00\\]" text))
    (with-current-buffer prme-buffer-name
      (should (derived-mode-p 'org-mode)))
    (cl-loop
     for row in expected
     for heading in headings
     do (should (string-match-p
                 (regexp-quote (format "[[file:%s::%d]"
                                       (prme--get row 'file)
                                       (prme--get row 'line)))
                 heading))
     (should (string-match-p (regexp-quote (prme--get row 'title)) heading))
     (when (prme--get row 'todo)
       (should (string-prefix-p (concat "* " (prme--get row 'todo) " ")
                                heading))))
    ;; a task's matched time, its kind and its outline path
    (should (string-match-p
             (concat "DONE \\[\\[file:[^]]+/projects\\.org::[0-9]+\\]"
                     "\\[Delete the old CSV importer\\]\\]  :gtd:work:\n"
                     "- when :: \\[2026-11-25 Wed 09:40-12:10\\] (clock)\n"
                     "- under :: Fernwell / Carrier rate import v2\n")
             text))
    (should (string-match-p
             (regexp-quote "- when :: [2026-11-24 Tue 14:00-16:10] (clock)")
             text))))

(ert-deftest prme-links-open-the-heading-at-its-file-and-line ()
  (prme-test--setup)
  (prme-test--shown (lambda () (prme-since "monday")))
  (let ((rows (prme--get (prme-test--json "since" "monday") 'results))
        (checked 0))
    (with-current-buffer prme-buffer-name
      (goto-char (point-min))
      (dolist (row rows)
        (re-search-forward "^\\* ")
        (when (equal (prme--get row 'type) "heading")
          (save-excursion
            (search-forward "[[file:")
            (let ((results (current-buffer)))
              (org-open-at-point)
              (should (equal (file-truename buffer-file-name)
                             (file-truename (prme--get row 'file))))
              (should (= (line-number-at-pos) (prme--get row 'line)))
              (should (looking-at org-heading-regexp))
              (should (string-match-p (regexp-quote (prme--get row 'title))
                                      (thing-at-point 'line t)))
              (set-buffer results)
              (setq checked (1+ checked)))))))
    (should (>= checked 15))))

(ert-deftest prme-range-and-query-show-what-prme-finds ()
  (prme-test--setup)
  (let ((text (prme-test--shown (lambda () (prme-range "monday" "tuesday"))))
        (expected (prme-test--json "range" "monday" "tuesday")))
    (should (string-match-p "^#\\+TITLE: prme range monday tuesday$" text))
    (should (= (length (prme-test--headings))
               (prme--get expected 'count))))
  (let ((text (prme-test--shown
               (lambda () (prme-query "frame" "this month" nil))))
        (expected (prme--get (prme-test--json "query" "frame"
                                              "--since" "this month")
                             'results)))
    (should (string-match-p "^#\\+TITLE: prme query frame since this month$"
                            text))
    (should (= (length (prme-test--headings)) (length expected)))
    (dolist (row expected)
      (should (string-match-p (regexp-quote (prme--get row 'title)) text)))))

(ert-deftest prme-relate-shows-the-answer-and-cited-notes-as-links ()
  (prme-test--setup)
  (let* ((question "How long passed between finishing and hanging the frame?")
         (text (prme-test--shown (lambda () (prme-relate question))))
         (expected (prme-test--json "relate" question)))
    (should (equal (prme--get expected 'status) "accepted"))
    (should (string-match-p (concat "^\\* " (regexp-quote question) "$") text))
    (should (string-match-p "^- status :: accepted$" text))
    (should (string-match-p "^- answer :: 22 days (3 weeks 1 day)$" text))
    (should-not (string-match-p "^- refused ::" text))
    (dolist (id (prme--get expected 'evidence_ids))
      (let ((shown (prme-test--json "show" id)))
        (should (string-match-p
                 (concat "^\\*\\*\\* \\(?:[A-Z]+ \\)?"
                         (regexp-quote (format "[[file:%s::%d][%s]]"
                                               (prme--get shown 'file)
                                               (prme--get shown 'line)
                                               (prme--get shown 'title))))
                 text))
        (should (string-match-p (concat "^- id :: " (regexp-quote id)) text))))
    (should (string-match-p "^- hanging the frame :: yesterday " text))
    ;; the cited links open the notes
    (with-current-buffer prme-buffer-name
      (goto-char (point-min))
      (re-search-forward "^\\*\\*\\* .*\\[\\[file:")
      (org-open-at-point)
      (should (looking-at org-heading-regexp)))))

(ert-deftest prme-relate-shows-the-refusal-reason ()
  (prme-test--setup)
  (let* ((question "What did I do last week?")
         (text (prme-test--shown (lambda () (prme-relate question)))))
    (should (string-match-p "^- status :: not_routed$" text))
    (should (string-match-p
             "^- refused :: not a temporal relation question: no explicit"
             text))
    (should-not (string-match-p "^- answer ::" text))
    (should-not (string-match-p "^\\*\\* Evidence" text)))
  (let* ((question (concat "How many days passed between my trip to Lisbon "
                           "and my dentist visit?"))
         (text (prme-test--shown (lambda () (prme-relate question)))))
    (should (string-match-p "^- status :: unsupported$" text))
    (should (string-match-p "^- refused :: " text))
    (should (string-match-p "^\\*\\* How prme read it$" text))
    (should (string-match-p "my trip to Lisbon" text))))

(ert-deftest prme-unknown-time-word-is-an-error-in-the-echo-area ()
  (prme-test--setup)
  (let ((messages nil))
    (cl-letf (((symbol-function 'message)
               (lambda (format &rest args)
                 (push (apply #'format-message format args) messages))))
      (prme-since "blursday")
      (should (prme-test--wait (lambda () prme-last-error))))
    (should (string-match-p
             "^prme: error: cannot understand time expression 'blursday'"
             prme-last-error))
    (should (member prme-last-error messages))
    (should-not (get-buffer prme-buffer-name))))

(ert-deftest prme-log-shows-days-entries-and-clocked-time ()
  (prme-test--setup)
  (let* ((text (prme-test--shown (lambda () (prme-log "monday" "today"))))
         (expected (prme-test--json "log" "monday" "today"))
         (days (prme--get expected 'days)))
    (should (string-match-p "^#\\+TITLE: prme log monday today$" text))
    (should (string-match-p
             (format "^%d results from .*; clocked %s$"
                     (prme--get expected 'count)
                     (regexp-quote (prme--get expected 'total 'clocked)))
             text))
    (should (= (length (prme-test--headings)) (1+ (length days))))
    (dolist (day days)
      (should (string-match-p
               (format "^\\* \\[?%s .*, clocked %s$" (prme--get day 'date)
                       (regexp-quote (prme--get day 'clocked)))
               text))
      (dolist (entry (prme--get day 'entries))
        (let ((task (prme--get entry 'task)))
          (should (string-match-p
                   (regexp-quote (format "[[file:%s::%d]" (prme--get task 'file)
                                         (prme--get task 'line)))
                   text)))))
    (should (string-match-p "(state TODO -> DONE)" text))
    (should (string-match-p "^- when :: \\[2026-11-24 Tue 14:00-16:10\\] (clock 2:10)$"
                            text))
    (should (string-match-p "^\\* Tasks$" text))))

(ert-deftest prme-when-says-how-an-expression-resolves ()
  (prme-test--setup)
  (let ((said nil))
    (cl-letf (((symbol-function 'message)
               (lambda (format &rest args)
                 (setq said (apply #'format-message format args)))))
      (prme-when "last friday")
      (should (prme-test--wait (lambda () said))))
    (should (equal said (concat "last friday: [2026-11-20 Fri 00:00] to "
                                "[2026-11-21 Sat 00:00) (day)")))))

(ert-deftest prme-a-missing-store-is-an-error-in-the-echo-area ()
  (prme-test--setup)
  (setq prme-store (expand-file-name "no-such-store.sqlite3"
                                     (getenv "PRME_EL_SCRATCH")))
  (prme-since "today")
  (should (prme-test--wait (lambda () prme-last-error)))
  (should (string-match-p "no store at .*run `prme ingest` first"
                          prme-last-error)))

(defun prme-test--scratch-store ()
  "Use a store of the scratch folder, apart from the sample's."
  (setq prme-store (expand-file-name "scratch.sqlite3"
                                     (getenv "PRME_EL_SCRATCH"))))

(defun prme-test--scratch-note (name text)
  "Write TEXT as note NAME in the scratch folder and return its file name."
  (let ((file (expand-file-name name (getenv "PRME_EL_SCRATCH"))))
    (with-temp-file file (insert text))
    file))

(ert-deftest prme-ingest-mode-re-ingests-a-file-after-save ()
  (prme-test--setup)
  (prme-test--scratch-store)
  (let* ((file (prme-test--scratch-note
                "saved.org" "* DONE Write the first draft\n  CLOSED: [2026-11-27 Fri 09:00]\n"))
         (buffer (find-file-noselect file)))
    (should (zerop (call-process prme-executable nil nil nil
                                 "--store" prme-store "--tz" prme-test-zone
                                 "--now" prme-test-now "ingest" file)))
    (unwind-protect
        (with-current-buffer buffer
          (org-mode)
          (prme-ingest-mode 1)
          (should (memq #'prme--after-save after-save-hook))
          (goto-char (point-max))
          (insert "* DONE Post the second draft\n  CLOSED: [2026-11-27 Fri 11:00]\n")
          (save-buffer)
          ;; the save did not wait for the ingest, which reads only this file
          (should (process-live-p prme--ingest-process))
          (should (equal (car (last (process-command prme--ingest-process)))
                         file))
          (should (prme-test--wait (lambda () (null prme--ingest-process))))
          (should-not prme-last-error)
          (let ((titles (mapcar (lambda (row) (prme--get row 'title))
                                (prme--get (prme-test--json
                                            "since" "today" "--file" "saved.org")
                                           'results))))
            (should (member "Post the second draft" titles))
            (should (member "Write the first draft" titles)))
          ;; off: a save no longer ingests
          (prme-ingest-mode -1)
          (should-not (memq #'prme--after-save after-save-hook))
          (insert "* DONE A third, unsaved in the store\n")
          (save-buffer)
          (should-not prme--ingest-process))
      (with-current-buffer buffer (set-buffer-modified-p nil))
      (kill-buffer buffer))))

(ert-deftest prme-ingest-mode-skips-files-outside-its-directories ()
  (prme-test--setup)
  (prme-test--scratch-store)
  (let* ((file (prme-test--scratch-note "elsewhere.org" "* A note\n"))
         (buffer (find-file-noselect file)))
    (unwind-protect
        (with-current-buffer buffer
          (let ((prme-ingest-directories (list (getenv "PRME_EL_NOTES"))))
            (prme-ingest-mode 1)
            (insert "more\n")
            (save-buffer)
            (should-not prme--ingest-process)))
      (kill-buffer buffer))))

(ert-deftest prme-ingest-errors-reach-the-echo-area ()
  (prme-test--setup)
  (setq prme-store (getenv "PRME_EL_SCRATCH"))  ; a directory, not a store
  (let ((done nil))
    (prme-ingest-file (prme-test--scratch-note "any.org" "* A note\n")
                      (lambda (ok) (setq done (if ok 'ok 'failed))))
    (should (eq (prme-test--wait (lambda () done)) 'failed))
    (should (string-match-p "^prme: error: .*is a directory" prme-last-error))))

(provide 'prme-test)

;;; prme-test.el ends here
