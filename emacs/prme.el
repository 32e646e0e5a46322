;;; prme.el --- Temporal memory over your org notes -*- lexical-binding: t -*-

;; Copyright (C) 2026 The prme authors

;; Author: The prme authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: outlines, calendar, convenience
;; SPDX-License-Identifier: MIT

;; This file is not part of GNU Emacs.

;;; Commentary:

;; prme reads org files into a SQLite store and answers "what happened
;; since monday", "what did I finish last week" and temporal questions such
;; as "how long passed between finishing and hanging the frame?" from cited
;; notes.  This package runs the `prme' command line asynchronously with
;; `--format json' and shows what it finds in an org-mode buffer: one entry
;; per note, with the timestamp that matched, its outline path and a link
;; that jumps to the heading.
;;
;; Commands:
;;   `prme-since'        notes since a time (prme since WHEN)
;;   `prme-range'        notes in a window (prme range SINCE UNTIL)
;;   `prme-query'        words, optionally in a window (prme query TEXT)
;;   `prme-relate'       a temporal question answered from cited notes
;;   `prme-log'          what happened, by day, with clocked time (prme log)
;;   `prme-when'         how prme reads a time expression (prme when EXPR)
;;   `prme-ingest-mode'  re-ingest an org file each time it is saved
;;
;; Time prompts complete the words in `prme-time-words'; any expression
;; prme reads may be typed.  Errors from prme (an unknown time word, a
;; missing store) appear in the echo area with prme's own message.
;;
;; Setup:
;;   (add-to-list 'load-path "/path/to/prme/emacs")
;;   (require 'prme)
;;   (add-hook 'org-mode-hook #'prme-ingest-mode)

;;; Code:

(require 'org)
(require 'ol)
(require 'seq)
(require 'subr-x)

(defgroup prme nil
  "Temporal memory over org notes, through the prme command line."
  :group 'org
  :prefix "prme-")

(defcustom prme-executable "prme"
  "The prme program: a name found on the variable `exec-path', or a file."
  :type 'string)

(defcustom prme-store nil
  "The store prme reads, given as its --store option.
nil leaves the choice to prme: the PRME_STORE environment variable,
the configuration file, else $XDG_DATA_HOME/prme/memory.sqlite3."
  :type '(choice (const :tag "prme's default" nil) file))

(defcustom prme-time-zone nil
  "The zone prme resolves times in, given as its --tz option.
A zone name such as \"Europe/London\".  nil leaves the choice to
prme: PRME_TZ, the configuration file, else the system zone."
  :type '(choice (const :tag "prme's default" nil) string))

(defcustom prme-extra-arguments nil
  "More global options given to every prme run.
For example (\"--now\" \"2026-11-27T20:00\") fixes the reference time."
  :type '(repeat string))

(defcustom prme-time-words
  '("today" "yesterday" "this morning" "this afternoon" "last night"
    "this week" "last week" "this weekend" "last weekend"
    "this month" "last month" "this quarter" "this year" "last year"
    "monday" "tuesday" "wednesday" "thursday" "friday" "saturday" "sunday"
    "last monday" "last friday" "3 days ago" "a week ago" "2 weeks ago"
    "a month ago" "-7d" "-30d" "sow" "som" "soy")
  "Time expressions offered for completion; prme reads many more."
  :type '(repeat string))

(defcustom prme-buffer-name "*prme*"
  "Name of the buffer that shows results."
  :type 'string)

(defcustom prme-ingest-directories nil
  "Where `prme-ingest-mode' re-ingests saved files.
nil means every file the mode is on in; otherwise only files under
one of these directories."
  :type '(repeat directory))

(defcustom prme-ingest-verbose nil
  "Non-nil means say in the echo area when an after-save ingest is done."
  :type 'boolean)

(defvar prme-time-history nil
  "History of time expressions typed at prme prompts.")

(defvar prme-query-history nil
  "History of words and questions typed at prme prompts.")

(defvar prme-last-error nil
  "The last error message from prme, as shown in the echo area.")

(defvar prme-after-show-hook nil
  "Hook run in the results buffer each time it has been filled.")


;;;; Running prme

(defun prme--global-arguments ()
  "The global options of every run, from the customisations."
  (append (when prme-store (list "--store" (expand-file-name prme-store)))
          (when prme-time-zone (list "--tz" prme-time-zone))
          prme-extra-arguments
          (list "--no-color")))

(defun prme--command (arguments)
  "Return the command line running prme with ARGUMENTS after the globals."
  (append (list (if (string-match-p "/" prme-executable)
                    (expand-file-name prme-executable)
                  prme-executable))
          (prme--global-arguments)
          arguments))

(defun prme--parse-json (text)
  "TEXT as JSON: objects as alists, arrays as lists, null and false as nil."
  (if (and (fboundp 'json-parse-string)
           (or (not (fboundp 'json-available-p)) (json-available-p)))
      (json-parse-string text :object-type 'alist :array-type 'list
                         :null-object nil :false-object nil)
    (require 'json)
    (let ((json-object-type 'alist) (json-array-type 'list)
          (json-null nil) (json-false nil))
      (json-read-from-string text))))

(defun prme--error-message (stderr status)
  "The line to show for a failed run: prme's own error lines from STDERR.
STATUS is the exit status, shown when prme said nothing."
  (let* ((lines (split-string (or stderr "") "\n" t "[ \t\r]+"))
         (own (seq-filter (lambda (line) (string-prefix-p "prme: " line))
                          lines)))
    (cond (own (string-join own "; "))
          (lines (concat "prme: " (string-join lines "; ")))
          (t (format "prme: exited with status %s" status)))))

(defun prme--report-error (text)
  "Show TEXT, an error from prme, in the echo area.
It is kept in `prme-last-error' too."
  (setq prme-last-error text)
  (message "%s" text))

(defun prme--spawn (name arguments output on-exit)
  "Start prme as process NAME with ARGUMENTS, stdout into buffer OUTPUT.
Call ON-EXIT with the exit status and stderr's text when it ends.
Returns the process."
  (let* ((err (generate-new-buffer (format " *%s-stderr*" name)))
         (err-pipe (make-pipe-process :name (concat name "-stderr")
                                      :buffer err :noquery t
                                      :sentinel #'ignore))
         (process-environment (cons "NO_COLOR=1" process-environment)))
    (make-process
     :name name
     :buffer output
     :stderr err-pipe
     :noquery t
     :connection-type 'pipe
     :command (prme--command arguments)
     :sentinel
     (lambda (process _event)
       (unless (process-live-p process)
         (let ((stderr (with-current-buffer err (buffer-string))))
           (kill-buffer err)
           (funcall on-exit (process-exit-status process) stderr)))))))

(defun prme--run (arguments on-json &optional on-failure)
  "Run prme with ARGUMENTS asynchronously and read its JSON.
When it prints a JSON document (exit 0, or 1 for \"no results\" or a
refused relation), call ON-JSON with it.  Otherwise show prme's error
in the echo area and call ON-FAILURE, if given, with the message.
Returns the process."
  (let ((out (generate-new-buffer " *prme-output*")))
    (prme--spawn
     "prme" arguments out
     (lambda (status stderr)
       (let* ((stdout (with-current-buffer out (buffer-string)))
              (document (and (memq status '(0 1))
                             (string-prefix-p "{" (string-trim-left stdout))
                             (condition-case nil (prme--parse-json stdout)
                               (error nil)))))
         (kill-buffer out)
         (if document
             (funcall on-json document)
           (let ((text (prme--error-message stderr status)))
             (prme--report-error text)
             (when on-failure (funcall on-failure text)))))))))


;;;; Prompts

(defun prme--read-time (prompt &optional default)
  "Read a time expression with PROMPT, completing `prme-time-words'.
DEFAULT is the answer when the input is empty."
  (let ((answer (completing-read prompt prme-time-words nil nil nil
                                 'prme-time-history default)))
    (if (string-empty-p (string-trim answer))
        (user-error "A time expression is needed")
      answer)))

(defun prme--read-optional-time (prompt)
  "Read a time expression with PROMPT, or nil when the answer is empty."
  (let ((answer (completing-read prompt prme-time-words nil nil nil
                                 'prme-time-history)))
    (unless (string-empty-p (string-trim answer)) answer)))


;;;; The results buffer

(defvar prme-results-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "q") #'quit-window)
    (define-key map (kbd "g") #'prme-rerun)
    (define-key map (kbd "n") #'org-next-visible-heading)
    (define-key map (kbd "p") #'org-previous-visible-heading)
    (define-key map (kbd "RET") #'org-open-at-point)
    map)
  "Keys of `prme-results-mode'.")

(define-derived-mode prme-results-mode org-mode "prme"
  "Org view of prme results.
RET follows the link at point, \\[prme-rerun] runs the search again,
\\[quit-window] quits."
  (setq buffer-read-only t)
  (setq-local org-return-follows-link t))

(defvar-local prme--rerun nil
  "A function of no arguments that runs the search shown here again.")

(defun prme-rerun ()
  "Run the search shown in the current prme buffer again."
  (interactive)
  (if prme--rerun
      (funcall prme--rerun)
    (user-error "Nothing to run again here")))

(defun prme--show (title lines rerun)
  "Show LINES (strings) under TITLE in the prme buffer.
RERUN is a function that repeats the search.  Returns the buffer."
  (let ((buffer (get-buffer-create prme-buffer-name)))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (unless (derived-mode-p 'prme-results-mode) (prme-results-mode))
        (erase-buffer)
        (insert "#+TITLE: " title "\n")
        (dolist (line lines) (insert line "\n"))
        ;; every entry open, whatever `org-startup-folded' says
        (outline-show-all)
        (goto-char (point-min))
        (forward-line 1))
      (setq prme--rerun rerun)
      (run-hooks 'prme-after-show-hook))
    (display-buffer buffer)
    buffer))

(defun prme--get (document &rest keys)
  "The value at KEYS (symbols) in DOCUMENT, an alist read from JSON."
  (let ((value document))
    (dolist (key keys value)
      (setq value (cdr (assq key value))))))

(defconst prme--iso-regexp
  (concat "\\`\\([0-9]+\\)-\\([0-9]+\\)-\\([0-9]+\\)"
          "\\(?:T\\([0-9]+:[0-9]+\\)\\)?")
  "Date and clock time at the start of prme's ISO 8601 times.")

(defun prme--org-time (iso has-time)
  "The inside of an org timestamp for ISO, a wall time from prme.
HAS-TIME non-nil keeps the clock time."
  (if (not (and (stringp iso) (string-match prme--iso-regexp iso)))
      (or iso "")
    (let* ((year (string-to-number (match-string 1 iso)))
           (month (string-to-number (match-string 2 iso)))
           (day (string-to-number (match-string 3 iso)))
           (clock (match-string 4 iso))
           (noon (encode-time (list 0 0 12 day month year nil nil t))))
      (format "%04d-%02d-%02d %s%s" year month day
              (format-time-string "%a" noon t)
              (if (and has-time clock) (concat " " clock) "")))))

(defun prme--when (matched)
  "How MATCHED, a result's matched timestamp, is shown: the time, its kind."
  (let* ((has-time (prme--get matched 'has_time))
         (start (prme--get matched 'start))
         (end (prme--get matched 'end))
         (shown (prme--org-time start has-time)))
    (when (and has-time end (not (equal start end)))
      (setq shown
            (if (equal (substring start 0 10) (substring end 0 10))
                (concat shown "-" (substring (prme--org-time end t) -5))
              (concat shown "]--[" (prme--org-time end t)))))
    (format "[%s] (%s)" shown (prme--get matched 'kind))))

(defun prme--link (file line title)
  "An org link to LINE of FILE, described by TITLE."
  (org-link-make-string
   (format "file:%s::%d" file line)
   (if (string-empty-p (or title "")) (file-name-nondirectory file) title)))

(defun prme--heading (stars todo file line title tags)
  "A heading of STARS, TODO, a link to FILE at LINE named TITLE, and TAGS."
  (concat stars
          (if todo (concat " " todo) "")
          " " (prme--link file line title)
          (if tags (concat "  :" (string-join tags ":") ":") "")))

(defun prme--object-heading (stars object)
  "A heading of STARS for OBJECT (a row, task or shown note) linking to it."
  (prme--heading stars (prme--get object 'todo) (prme--get object 'file)
                 (prme--get object 'line) (prme--get object 'title)
                 (prme--get object 'tags)))

(defun prme--result-lines (result)
  "The org lines of one RESULT row: its heading, time and outline path."
  (let ((matched (prme--get result 'matched))
        (path (prme--get result 'path))
        (event-time (prme--get result 'event_time)))
    (delq nil
          (list (prme--object-heading "*" result)
                (cond (matched (concat "- when :: " (prme--when matched)))
                      (event-time
                       (format "- when :: [%s] (event)"
                               (prme--org-time event-time t))))
                (when path
                  (concat "- under :: " (string-join path " / ")))))))

(defun prme--window-line (query count)
  "A line saying what QUERY (a document's query part) covered; COUNT found."
  (let ((window (prme--get query 'window)))
    (concat (format "%d result%s" count (if (= count 1) "" "s"))
            (when window
              (format " from [%s] to [%s]"
                      (prme--org-time (prme--get window 'start) t)
                      (prme--org-time (prme--get window 'end) t)))
            (format " (%s)" (prme--get query 'tz)))))

(defun prme--show-results (title document rerun)
  "Show the rows DOCUMENT under TITLE; RERUN repeats the search."
  (let* ((results (prme--get document 'results))
         (count (or (prme--get document 'count) (length results))))
    (prme--show title
                (cons (prme--window-line (prme--get document 'query) count)
                      (apply #'append (mapcar #'prme--result-lines results)))
                rerun)))


;;;; Searches

;;;###autoload
(defun prme-since (when)
  "Show the notes whose time falls between the start of WHEN and now."
  (interactive (list (prme--read-time "Since: " "today")))
  (prme--run (list "since" when "--format" "json")
             (lambda (document)
               (prme--show-results (format "prme since %s" when) document
                                   (lambda () (prme-since when))))))

;;;###autoload
(defun prme-range (since until)
  "Show the notes from the start of SINCE to the end of UNTIL (inclusive)."
  (interactive
   (let ((since (prme--read-time "From: ")))
     (list since (prme--read-time (format "From %s until: " since) "today"))))
  (prme--run (list "range" since until "--format" "json")
             (lambda (document)
               (prme--show-results (format "prme range %s %s" since until)
                                   document
                                   (lambda () (prme-range since until))))))

;;;###autoload
(defun prme-query (text &optional since until)
  "Show the notes that contain the words of TEXT, best first.
SINCE (and UNTIL) limit them to a time window; interactively they
are asked for and may be left empty."
  (interactive
   (let* ((text (read-string "Words: " nil 'prme-query-history))
          (since (prme--read-optional-time "Since (empty: any time): "))
          (until (and since
                      (prme--read-optional-time
                       (format "From %s until (empty: now): " since)))))
     (list text since until)))
  (let ((title (string-join
                (delq nil (list "prme query" text
                                (and since (concat "since " since))
                                (and until (concat "until " until))))
                " ")))
    (prme--run (append (list "query")
                       (unless (string-empty-p text) (list text))
                       (when since (list "--since" since))
                       (when until (list "--until" until))
                       (list "--format" "json"))
               (lambda (document)
                 (prme--show-results
                  title document
                  (lambda () (prme-query text since until)))))))


(defun prme--log-what (entry)
  "What happened in log ENTRY, in words: its kind and its details."
  (pcase (prme--get entry 'kind)
    ("clock" (concat "clock " (prme--get entry 'clocked)
                     (if (prme--get entry 'running) ", running" "")))
    ("state" (format "state %s -> %s"
                     (or (prme--get entry 'from_state) "none")
                     (prme--get entry 'state)))
    (kind kind)))

(defun prme--log-entry-lines (entry)
  "The org lines of one log ENTRY: its task as a link, when and what happened."
  (let* ((start (prme--get entry 'start))
         (end (prme--get entry 'end))
         (shown (prme--org-time start (prme--get entry 'has_time)))
         (text (prme--get entry 'text)))
    (when (and end (not (equal start end)))
      (setq shown
            (concat shown "-" (substring (prme--org-time end t) -5))))
    (delq nil
          (list (prme--object-heading "**" (prme--get entry 'task))
                (format "- when :: [%s] (%s)" shown (prme--log-what entry))
                (unless (string-empty-p (or text ""))
                  (concat "- note :: " text))))))

(defun prme--log-day-lines (day)
  "The org lines of one log DAY: a heading with its clocked time, its entries."
  (cons (format "* %s, clocked %s"
                (prme--org-time (prme--get day 'date) nil)
                (prme--get day 'clocked))
        (apply #'append (mapcar #'prme--log-entry-lines
                                (prme--get day 'entries)))))

(defun prme--log-task-line (task)
  "The org heading of one TASK of a log, with its clocked total."
  (let ((entries (prme--get task 'entries)))
    (concat (prme--object-heading "**" task)
            (format ", clocked %s in %d entr%s" (prme--get task 'clocked)
                    entries (if (= entries 1) "y" "ies")))))

(defun prme--log-lines (document)
  "The org lines of a `prme log' DOCUMENT: a heading a day, then the tasks."
  (let ((tasks (prme--get document 'tasks)))
    (append
     (list (format "%s; clocked %s"
                   (prme--window-line (prme--get document 'query)
                                      (prme--get document 'count))
                   (prme--get document 'total 'clocked)))
     (apply #'append (mapcar #'prme--log-day-lines (prme--get document 'days)))
     (when tasks
       (cons "* Tasks" (mapcar #'prme--log-task-line tasks))))))

;;;###autoload
(defun prme-log (when &optional until)
  "Show what happened in WHEN, day by day, with the time clocked.
WHEN alone is the whole period it names (today, yesterday, last
week); with UNTIL the log runs from its start to the end of UNTIL."
  (interactive
   (let ((when (prme--read-time "Log of: " "today")))
     (list when (prme--read-optional-time
                 (format "From %s until (empty: all of it): " when)))))
  (prme--run (append (list "log" when) (when until (list until))
                     (list "--format" "json"))
             (lambda (document)
               (prme--show (string-join (delq nil (list "prme log" when until))
                                        " ")
                           (prme--log-lines document)
                           (lambda () (prme-log when until))))))

;;;###autoload
(defun prme-when (expression)
  "Say in the echo area which window prme gives the time EXPRESSION."
  (interactive (list (prme--read-time "Time expression: ")))
  (prme--run (list "when" expression "--format" "json")
             (lambda (window)
               (message "%s: [%s] to [%s) (%s)" expression
                        (prme--org-time (prme--get window 'start) t)
                        (prme--org-time (prme--get window 'end) t)
                        (prme--get window 'grain)))))


;;;; Relate

(defun prme--refusal-reason (document)
  "Why the relation in DOCUMENT was not accepted, in words, or nil."
  (let ((meta (prme--get document 'metadata)))
    (pcase (prme--get document 'status)
      ("not_routed"
       (concat "not a temporal relation question: "
               (or (prme--get meta 'route 'reason) "")))
      ("validation_rejected"
       (concat "rejected: "
               (mapconcat (lambda (e) (or (prme--get e 'message)
                                          (prme--get e 'code) ""))
                          (prme--get meta 'validation_errors) "; ")))
      ("gate_rejected"
       (format "the gate's probabilities %s are below %s"
               (prme--get meta 'gate 'probabilities)
               (prme--get meta 'gate 'threshold)))
      ("unsupported"
       "no event of the question matched a note with enough confidence")
      ("provider_error"
       (format "the provider failed at %s (%s)"
               (prme--get meta 'error 'stage) (prme--get meta 'error 'type)))
      ("empty_context" "nothing in the store to cite")
      ("packing_rejected" "the answer and its evidence did not fit the budget")
      (_ nil))))

(defun prme--evidence-lines (id shown operands)
  "The lines of evidence ID: its link from SHOWN, and the OPERANDS citing it."
  (let ((lines (list (if shown
                         (prme--object-heading "***" shown)
                       (concat "*** " id))
                     (concat "- id :: " id))))
    (dolist (operand operands)
      (when (equal (prme--get operand 'evidence_id) id)
        (push (format "- %s :: %s (%s)" (prme--get operand 'name)
                      (prme--get operand 'time_expression)
                      (prme--get operand 'time_basis))
              lines)
        (push (concat "  #+begin_quote\n  "
                      (replace-regexp-in-string
                       "\n" "\n  " (or (prme--get operand 'quote) ""))
                      "\n  #+end_quote")
              lines)))
    (nreverse lines)))

(defun prme--relation-lines (document cited)
  "The org lines of a relate DOCUMENT.
CITED maps evidence ids to the objects `prme show' gave for them."
  (let* ((status (prme--get document 'status))
         (meta (prme--get document 'metadata))
         (reason (and (not (equal status "accepted"))
                      (prme--refusal-reason document)))
         (lines (delq nil
                      (list
                       (concat "* " (prme--get document 'question))
                       (concat "- status :: " status)
                       (when (prme--get document 'value)
                         (concat "- answer :: "
                                 (prme--get document 'value 'display)))
                       (when (prme--get document 'operation)
                         (concat "- operation :: "
                                 (prme--get document 'operation)))
                       (when reason (concat "- refused :: " reason))))))
    (when (prme--get document 'evidence_ids)
      (setq lines (append lines (list "** Evidence")))
      (dolist (id (prme--get document 'evidence_ids))
        (setq lines (append lines (prme--evidence-lines
                                   id (cdr (assoc id cited))
                                   (prme--get meta 'operands))))))
    (when (prme--get meta 'explanation)
      (setq lines (append lines (list "** How prme read it")
                          (mapcar (lambda (line) (concat "- " line))
                                  (prme--get meta 'explanation)))))
    lines))

(defun prme--show-each (ids on-done)
  "Fetch each of IDS with `prme show'.
Call ON-DONE with the (ID . OBJECT) pairs when every run has ended."
  (let ((pending (length ids))
        (found nil))
    (if (zerop pending)
        (funcall on-done nil)
      (dolist (id ids)
        (let ((finish (lambda ()
                        (setq pending (1- pending))
                        (when (zerop pending) (funcall on-done found)))))
          (prme--run (list "show" id "--format" "json")
                     (lambda (object)
                       (push (cons id object) found)
                       (funcall finish))
                     (lambda (_message) (funcall finish))))))))

;;;###autoload
(defun prme-relate (question)
  "Answer QUESTION, a temporal question, from cited notes, or refuse.
prme computes the answer from the evidence it cites, shown as links;
a refusal shows prme's reason."
  (interactive (list (read-string "Question: " nil 'prme-query-history)))
  (prme--run (list "relate" question "--format" "json")
             (lambda (document)
               (prme--show-each
                (prme--get document 'evidence_ids)
                (lambda (cited)
                  (prme--show "prme relate"
                              (prme--relation-lines document cited)
                              (lambda () (prme-relate question))))))))


;;;; Re-ingest after save

(defvar-local prme--ingest-process nil
  "The ingest of this buffer's file that is running, if any.")

(defvar-local prme--ingest-again nil
  "Non-nil when the file was saved again while its ingest ran.")

(defun prme--ingest-wanted-p (file)
  "Whether FILE should be re-ingested after a save."
  (and file
       (or (null prme-ingest-directories)
           (seq-some (lambda (dir) (file-in-directory-p file dir))
                     prme-ingest-directories))))

(defun prme-ingest-file (file &optional on-done)
  "Ingest FILE alone, asynchronously.
Call ON-DONE with t when it succeeded, nil when it failed (prme's
message is then in the echo area).  Returns the process."
  (let ((file (expand-file-name file)))
    (prme--spawn
     "prme-ingest" (list "ingest" file) nil
     (lambda (status stderr)
       (let ((ok (zerop status)))
         (if (not ok)
             (prme--report-error (prme--error-message stderr status))
           (when prme-ingest-verbose
             (message "prme: ingested %s" (file-name-nondirectory file))))
         (when on-done (funcall on-done ok)))))))

(defun prme--after-save ()
  "Re-ingest the file just saved, in the background."
  (let ((buffer (current-buffer)))
    (when (prme--ingest-wanted-p buffer-file-name)
      (if (process-live-p prme--ingest-process)
          ;; one ingest of a file at a time: run once more when it ends
          (setq prme--ingest-again t)
        (setq prme--ingest-process
              (prme-ingest-file
               buffer-file-name
               (lambda (_ok)
                 (when (buffer-live-p buffer)
                   (with-current-buffer buffer
                     (setq prme--ingest-process nil)
                     (when prme--ingest-again
                       (setq prme--ingest-again nil)
                       (prme--after-save)))))))))))

;;;###autoload
(define-minor-mode prme-ingest-mode
  "Re-ingest this org file into prme's store each time it is saved.
Only this file is read again, by a prme process in the background,
so saving never waits for it.  See `prme-ingest-directories'."
  :lighter " prme"
  (if prme-ingest-mode
      (add-hook 'after-save-hook #'prme--after-save nil t)
    (remove-hook 'after-save-hook #'prme--after-save t)))

(provide 'prme)

;;; prme.el ends here
