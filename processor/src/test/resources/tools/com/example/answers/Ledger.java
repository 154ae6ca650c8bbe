package com.example.answers;

import dev.calltype.annotations.Answer;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * A ledger entry, whose two references differ only in case style.
 *
 * @param entryId the entry's id
 * @param entry_id the id of the entry it corrects
 * @param amount how much
 * @param postedBy who posted it
 */
@Answer
public record Ledger(String entryId, Optional<String> entry_id, BigDecimal amount, Optional<String> postedBy) {
}
