// Deliberately empty: generators that need ODS classes report them as undefined.
