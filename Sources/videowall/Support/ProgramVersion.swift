/// The program's version: `videowall --version`, and the Debian package's version
/// (`scripts/package.sh` reads it from this line).
enum ProgramVersion {
    static let string = "0.36.0"
}
