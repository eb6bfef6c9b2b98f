;; The Clojure namespace fuzzycron.core (in the jar), with clojure.test through Debian's clojure.
(ns fuzzycron.core-test
  (:require [clojure.test :refer [deftest is testing run-tests]]
            [fuzzycron.core :as fc])
  (:import (io.github.fuzzycron FuzzyCron FuzzyCronException Options)
           (java.time Instant ZoneId)))

(def from (Instant/parse "2026-01-01T00:00:00Z"))

(defn iterate-next [s t n]
  (take n (rest (iterate #(fc/next-fire s %) t))))

(deftest fuzzy-cron-resolves-for-the-host-and-job
  (let [host (.getHostName (java.net.InetAddress/getLocalHost))
        text (fc/fuzzy-cron "H * * * * ?" "billing")]
    (is (= text (FuzzyCron/resolve "H * * * * ?" (.seed (Options/quartz) (into-array String [host "billing"])))))
    (is (re-matches #"\d+ \* \* \* \* \?" text))
    (is (= (fc/fuzzy-cron "H H/5 * * * ?" ["web-07" "billing"] {:host "x"})
           (fc/fuzzy-cron "H H/5 * * * ?" ["web-07" "billing"] {:host "x"})))))

(deftest fires-is-a-lazy-sequence-of-the-schedule's-instants
  (let [s (fc/schedule "H H 2 * * ?" {:seed ["web-07" "backup-db"] :zone "Europe/Berlin"})
        xs (take 5 (fc/fires s from))]
    (is (= 5 (count xs)))
    (is (every? #(instance? Instant %) xs))
    (is (= (first xs) (fc/next-fire s from)))
    (is (= (vec xs) (vec (iterate-next s from 5))))
    ;; infinite, and lazy: the 10,000th fire without computing more
    (is (instance? Instant (nth (fc/fires (fc/schedule "H/15 * * * * ?" {:seed "poll"}) from) 10000)))
    ;; a schedule that ends ends its sequence
    (is (= [] (vec (fc/fires (fc/schedule "0 0 0 * * ? 2005") from))))))

(deftest options-and-dialects
  (is (= (Instant/parse "2026-01-01T03:00:00Z")
         (fc/next-fire (fc/schedule "0 3 * * *" {:dialect :standard}) from)))
  (is (= (Instant/parse "2026-01-01T03:00:30Z")
         (fc/next-fire (fc/schedule "30 0 3 * * *" {:dialect :kubernetes :seconds-first true}) from)))
  (let [plain (fc/next-fire (fc/schedule "0 0 3 * * ?" {:seed "n"}) from)
        shifted (fc/next-fire (fc/schedule "0 0 3 * * ?" {:seed "n" :offset-window "15m"}) from)]
    (is (= (.plus plain (FuzzyCron/offset (java.time.Duration/ofMinutes 15) (into-array String ["n"]))) shifted))))

(deftest explain-and-errors
  (is (re-find #"02:30" (fc/explain "0 30 2 * * ?")))
  (let [e (try (fc/schedule "0 0 25 * * ?") nil (catch FuzzyCronException e e))]
    (is (some? e))
    (is (= 5 (.column e)))))

(let [{:keys [fail error]} (run-tests 'fuzzycron.core-test)]
  (System/exit (if (zero? (+ fail error)) 0 1)))
