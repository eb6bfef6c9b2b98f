(ns fuzzycron.core
  "fuzzycron for Clojure: cron expressions with hash forms (H) that spread jobs
  deterministically, over the Java API of the same jar (docs/java.md).

  The blog's example, the reason H exists: twenty servers all running
  \"0 * * * * ?\" hit the database at second zero; with H each server's copy of
  the job takes its own second, the same one on every start:

    (fuzzy-cron \"H * * * * ?\" \"billing\")             ;=> \"41 * * * * ?\" (this host's second)
    (take 3 (fires (schedule \"H H * * * ?\" {:seed [\"web-07\" \"backup\"]})))
    (chime.core/chime-at (fires (schedule \"H/15 * * * * ?\" {:seed [\"poll\"]})) f)"
  (:import (io.github.fuzzycron FuzzyCron Options Schedule)
           (java.net InetAddress)
           (java.time Duration Instant ZoneId)))

(def ^:private dialects
  {:standard #(Options/standard) :quartz #(Options/quartz) :spring #(Options/spring)
   :jenkins #(Options/jenkins) :kubernetes #(Options/kubernetes) :croniter #(Options/croniter)
   :cron-parser #(Options/cronParser) :furiko #(Options/furiko)})

(defn options
  "Options from a map: :dialect (keyword, default :quartz), :seed (a string or
  a sequence of parts), :host, :zone (\"Europe/Berlin\" or a ZoneId), :dst,
  :hash-scheme, :offset-window (a Duration or \"15m\"), and any other option of
  the library's schema by its name (:seconds-first \"true\")."
  ^Options [opts]
  (let [{:keys [dialect seed host zone dst hash-scheme offset-window] :or {dialect :quartz}} opts
        make (or (dialects (keyword dialect))
                 (throw (IllegalArgumentException. (str "unknown dialect " dialect ": use " (keys dialects)))))
        base ^Options (make)
        o (cond-> base
            seed (.seed (into-array String (map str (if (sequential? seed) seed [seed]))))
            host (.host (str host))
            zone (.zone (if (instance? ZoneId zone) zone (ZoneId/of (str zone))))
            dst (.dst (name dst))
            hash-scheme (.hashScheme (name hash-scheme))
            offset-window (as-> o (if (instance? Duration offset-window)
                                    (.offsetWindow ^Options o ^Duration offset-window)
                                    (.set ^Options o "offset-window" (str offset-window)))))]
    (reduce-kv (fn [^Options o k v] (.set o (name k) (str v)))
               o (dissoc opts :dialect :seed :host :zone :dst :hash-scheme :offset-window))))

(defn- this-host [] (.getHostName (InetAddress/getLocalHost)))

(defn fuzzy-cron
  "The expression with its hash forms resolved for this host and the job:
  plain text of the dialect (Quartz by default) to hand to Quartz, quartzite or
  cronut. seed: the job's name, or parts of it; the host comes first."
  ([expr job] (fuzzy-cron expr job {}))
  ([expr job opts]
   (FuzzyCron/resolve expr (options (merge {:host (this-host)} opts
                                           {:seed (if (sequential? job) job [job])})))))

(defn schedule
  "The expression parsed (a Schedule: immutable, thread-safe, freed when unreachable)."
  (^Schedule [expr] (schedule expr {}))
  (^Schedule [expr opts] (FuzzyCron/parse expr (options opts))))

(defn- instant ^Instant [t]
  (cond (instance? Instant t) t
        (instance? java.util.Date t) (.toInstant ^java.util.Date t)
        (number? t) (Instant/ofEpochMilli (long t))
        :else (Instant/parse (str t))))

(defn next-fire
  "The first fire time strictly after from (default: now), or nil."
  ([^Schedule s] (next-fire s (Instant/now)))
  ([^Schedule s from] (.orElse (.next s (instant from)) nil)))

(defn fires
  "The fire times after from (default: now) as a lazy, possibly infinite
  sequence of Instants, e.g. for chime's chime-at."
  ([^Schedule s] (fires s (Instant/now)))
  ([^Schedule s from]
   (let [step (fn step [^long t]
                (lazy-seq (let [n (.nextMillis s t)]
                            (when-not (= n Long/MIN_VALUE)
                              (cons (Instant/ofEpochMilli n) (step n))))))]
     (step (.toEpochMilli (instant from))))))

(defn explain
  "The expression described in English."
  ([expr] (explain expr {}))
  ([expr opts] (FuzzyCron/explain expr (options opts))))
