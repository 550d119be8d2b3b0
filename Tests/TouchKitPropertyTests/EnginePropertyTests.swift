import SeededRandom
import Foundation
import Testing
import TouchKit

/// Property tests of the engine: thousands of random scenes and inputs, every invariant checked on
/// every case, failures shrunk to a small reproduction.
///
/// - `TOUCHKIT_PROPERTY_SEED=0x…` starts from that seed: the first case *is* that seed, so the seed
///   a failure prints replays it (`random` draws a fresh start).
/// - `TOUCHKIT_PROPERTY_CASES=n` runs n cases (default 2000: about 10 s in debug on two idle cores).
/// - `TOUCHKIT_PROPERTY_VERBOSE=1` prints the journal of a failing (shrunk) case in full.
/// - `TOUCHKIT_PROPERTY_MAX_FAILURES=n` reports up to n failing cases per partition (default 1).
@Suite("engine properties")
struct EnginePropertyTests {
    static let defaultSeed: UInt64 = 0x70C4_B21D_6E00_0001
    static let defaultCases = 2000
    /// Cases are split across this many parallel tests (the machine has two cores).
    static let partitions = 2

    struct Configuration {
        var seed: UInt64
        var cases: Int
        var verbose: Bool
        /// Failing cases to report (each shrunk) before a partition stops.
        var maxFailures: Int
        /// Print how often each kind of engine behaviour occurred (is the generator reaching it?).
        var stats: Bool

        static var current: Configuration {
            let environment = ProcessInfo.processInfo.environment
            var seed = defaultSeed
            if let text = environment["TOUCHKIT_PROPERTY_SEED"] {
                if text.lowercased() == "random" {
                    seed = randomSeed
                } else if let parsed = parseSeed(text) {
                    seed = parsed
                }
            }
            let cases = environment["TOUCHKIT_PROPERTY_CASES"].map { Int($0) ?? 0 } ?? defaultCases
            return Configuration(
                seed: seed, cases: max(0, cases), verbose: environment["TOUCHKIT_PROPERTY_VERBOSE"] == "1",
                maxFailures: max(1, environment["TOUCHKIT_PROPERTY_MAX_FAILURES"].flatMap { Int($0) } ?? 1),
                stats: environment["TOUCHKIT_PROPERTY_STATS"] == "1")
        }
    }

    /// One random start seed per process, shared by the partitions.
    static let randomSeed: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    /// The seed of case `index`: the start seed, then SplitMix64 steps from it.
    static func caseSeeds(from seed: UInt64, count: Int) -> [UInt64] {
        var seeds: [UInt64] = []
        var generator = SplitMix64(seed: seed)
        var next = seed
        for _ in 0..<count {
            seeds.append(next)
            next = generator.next()
        }
        return seeds
    }

    @Test("random scenes and inputs keep every invariant", arguments: 0..<partitions)
    func randomScenes(partition: Int) {
        let configuration = Configuration.current
        CrashReporter.install()
        let seeds = Self.caseSeeds(from: configuration.seed, count: configuration.cases)
        let started = Date()
        var ran = 0
        var failures = 0
        var coverage = Coverage()
        for (index, seed) in seeds.enumerated() where index % Self.partitions == partition {
            CrashReporter.current(seed, slot: partition)
            let testCase = PropertyCase.generate(seed: seed)
            let (violation, journal) = Evaluation.evaluate(testCase)
            ran += 1
            if configuration.stats { coverage.count(journal) }
            guard let violation else { continue }
            report(testCase, violation, configuration)
            failures += 1
            if failures >= configuration.maxFailures { break }
        }
        CrashReporter.current(0, slot: partition)
        // A run that checked nothing must not pass: TOUCHKIT_PROPERTY_CASES=0 (or a value that is not a
        // number) ran no case at all.
        #expect(configuration.cases > 0, "TOUCHKIT_PROPERTY_CASES must be a whole number of at least 1: no case ran")
        #expect(ran > 0 || configuration.cases <= partition || failures > 0, "partition \(partition) ran no case")
        let seconds = Date().timeIntervalSince(started)
        print("engine properties [\(partition + 1)/\(Self.partitions)]: \(ran) cases from start seed \(hex(configuration.seed)) in \(String(format: "%.1f", seconds)) s")
        if configuration.stats { print(coverage.report(partition: partition)) }
    }

    private func report(_ testCase: PropertyCase, _ violation: Violation, _ configuration: Configuration) {
        var shrinker = Shrinker(invariant: violation.invariant)
        let shrunk = shrinker.shrink(testCase)
        let (shrunkViolation, journal) = Evaluation.evaluate(shrunk, determinism: violation.invariant == "determinism")
        let shown = shrunkViolation ?? violation
        let tail = configuration.verbose ? journal[...] : journal[max(0, shown.entry - 40)...min(journal.count - 1, shown.entry)]
        Issue.record("""
            Engine property broken: \(violation)
            Case seed \(hex(testCase.seed)) — replay with TOUCHKIT_PROPERTY_SEED=\(hex(testCase.seed)) TOUCHKIT_PROPERTY_CASES=1
            Shrunk in \(shrinker.evaluations) runs (\(testCase.views.count)→\(shrunk.views.count) views, \(testCase.recognizers.count)→\(shrunk.recognizers.count) recognizers, \(testCase.steps.count)→\(shrunk.steps.count) steps) to:
            \(shown)
            \(shrunk)
            Journal up to the violation:
            \(tail.map(Evaluation.render).joined(separator: "\n"))
            """)
    }

    /// The generator itself is deterministic (a seed replays on any machine).
    @Test func generationIsDeterministic() {
        for seed in Self.caseSeeds(from: 42, count: 50) {
            let a = PropertyCase.generate(seed: seed), b = PropertyCase.generate(seed: seed)
            #expect(a.description == b.description)
        }
    }

    /// The invariant checker is not vacuous: a journal with a broken property is caught.
    @Test func checkerCatchesBrokenJournals() {
        let testCase = PropertyCase(seed: 1, windowSize: CGSize(width: 100, height: 100), views: [], recognizers: [], steps: [])
        let transitions: [Entry] = [
            .trace(.transition(recognizer: "X", from: .possible, to: .changed, reason: nil, values: RecognizerValues(location: .zero, numberOfTouches: 0))),
        ]
        #expect(InvariantChecker.check(transitions, testCase)?.invariant == "transitions")
        let action: [Entry] = [.trace(.action(recognizer: "X", state: .possible))]
        #expect(InvariantChecker.check(action, testCase)?.invariant == "actions")
        let stuck: [Entry] = [.settled(Settlement(states: ["X": .began], liveTouches: 0, deadline: nil))]
        #expect(InvariantChecker.check(stuck, testCase)?.invariant == "settle")
    }
}

/// How often each kind of behaviour happened over a run (`TOUCHKIT_PROPERTY_STATS=1`).
struct Coverage {
    private var counts: [String: Int] = [:]
    private var cases: [String: Int] = [:]

    mutating func count(_ journal: [Entry]) {
        var seen = Set<String>()
        func bump(_ key: String) {
            counts[key, default: 0] += 1
            if seen.insert(key).inserted { cases[key, default: 0] += 1 }
        }
        for entry in journal {
            switch entry {
            case .trace(.transition(let name, let from, let to, let reason, _)):
                let kind = name.hasPrefix("r") ? "recognizer" : name
                if to == .possible { continue }
                bump("\(kind) \(from)→\(to)")
                if let reason, reason.hasPrefix("prevented by") { bump("prevented by another recognizer") }
                if let reason, reason.hasPrefix("required") { bump("failed: a required recognizer recognized") }
                if let reason, reason.contains("shouldBegin") { bump("failed: shouldBegin false") }
                if let reason, reason.contains("iOS 6") { bump("failed: standard control keeps its gesture") }
                if let reason, reason.contains("left the window") { bump("cancelled/failed: view left the window") }
                if let reason, reason.contains("isEnabled") { bump("cancelled/failed: disabled") }
            case .trace(.waiting): bump("waits for a failure requirement")
            case .trace(.action): bump("action")
            case .trace(.delivery(_, _, let note)):
                bump("delivery: " + String(note.prefix { $0 != ":" }).replacingOccurrences(of: #"[0-9]"#, with: "", options: .regularExpression))
            case .trace(.responder(let call)):
                bump("\(call.method)" + (call.forwardedFrom == nil ? "" : " (forwarded)"))
            case .trace(.controlEvent(_, let event)): bump("control event \(event)")
            case .trace(.note(let text)) where text.contains("illegal"): bump("illegal transition ignored")
            case .rejected(let kind, _, _): bump("rejected: \(kind)")
            case .ignore: bump("recognizer ignores a touch")
            case .shouldReceive(_, _, false): bump("shouldReceive false")
            case .viewMoved(_, let inWindow): bump(inWindow ? "view reinserted" : "view removed")
            default: break
            }
        }
    }

    func report(partition: Int) -> String {
        var lines = ["coverage [\(partition + 1)] (cases with it / occurrences):"]
        for key in counts.keys.sorted() { lines.append("  \(cases[key]!) / \(counts[key]!)  \(key)") }
        return lines.joined(separator: "\n")
    }
}

/// Prints the seeds of the cases in flight if the process dies on a trap or a crash, so a crash
/// (which no test can catch) still names the case to replay.
enum CrashReporter {
    nonisolated(unsafe) private static var seeds = UnsafeMutablePointer<UInt64>.allocate(capacity: 8)
    nonisolated(unsafe) private static var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
    nonisolated(unsafe) private static var installed = false
    private static let lock = NSLock()

    static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        seeds.initialize(repeating: 0, count: 8)
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            _ = Foundation.signal(signal, crashHandler)
        }
    }

    static func current(_ seed: UInt64, slot: Int) {
        seeds[slot % 8] = seed
    }

    fileprivate static func write(signal: Int32) {
        let prefix = Array("\nTouchKit property tests: crashed (signal ".utf8)
        var length = 0
        func append(_ bytes: [UInt8]) {
            for byte in bytes where length < 500 { buffer[length] = byte; length += 1 }
        }
        func appendHex(_ value: UInt64) {
            append(Array("0x".utf8))
            var started = false
            for shift in stride(from: 60, through: 0, by: -4) {
                let nibble = UInt8((value >> UInt64(shift)) & 0xF)
                if nibble != 0 || started || shift == 0 {
                    started = true
                    append([nibble < 10 ? 48 + nibble : 55 + nibble])
                }
            }
        }
        append(prefix)
        appendHex(UInt64(signal))
        append(Array(") while running case seed(s):".utf8))
        for slot in 0..<8 where seeds[slot] != 0 {
            append([32])
            appendHex(seeds[slot])
        }
        append(Array(" — replay with TOUCHKIT_PROPERTY_SEED=<seed> TOUCHKIT_PROPERTY_CASES=1\n".utf8))
        _ = Foundation.write(2, buffer, length)
    }
}

private func crashHandler(_ signal: Int32) {
    CrashReporter.write(signal: signal)
    _ = Foundation.signal(signal, SIG_DFL)
    _ = raise(signal)
}
