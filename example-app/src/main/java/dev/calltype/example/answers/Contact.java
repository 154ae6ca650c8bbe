package dev.calltype.example.answers;

import dev.calltype.annotations.Answer;
import java.util.List;
import java.util.Optional;

/**
 * A person's contact details, read from an e-mail signature or a business card.
 *
 * @param name the person's full name
 * @param email their e-mail address
 * @param phones their phone numbers, as written
 * @param company where they work, when given
 * @param role their job title, when given
 * @param preferred how they prefer to be contacted
 */
@Answer
public record Contact(String name, String email, List<String> phones, Optional<String> company,
                      Optional<String> role, Channel preferred) {

    /** A way to get in touch. */
    public enum Channel { EMAIL, PHONE, ANY }
}
