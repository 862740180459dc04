import CodableCommands

@main extension CodableCommand {}
