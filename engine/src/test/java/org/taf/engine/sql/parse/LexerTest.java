package org.taf.engine.sql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LexerTest {
    @Test
    void tokensWithTypesAndOffsets() {
        List<Token> t = Lexer.tokenize("SELECT `a``b`, 'x', 12, 3.5, ?, @@x.y, @u FROM t WHERE a<=>b AND c!=d");
        assertThat(t).extracting(Token::type).containsExactly(TokenType.IDENT, TokenType.QUOTED_IDENT,
                TokenType.SYMBOL, TokenType.STRING, TokenType.SYMBOL, TokenType.INTEGER, TokenType.SYMBOL,
                TokenType.DECIMAL, TokenType.SYMBOL, TokenType.PARAM, TokenType.SYMBOL, TokenType.SYSTEM_VARIABLE,
                TokenType.SYMBOL, TokenType.USER_VARIABLE, TokenType.IDENT, TokenType.IDENT, TokenType.IDENT,
                TokenType.IDENT, TokenType.SYMBOL, TokenType.IDENT, TokenType.IDENT, TokenType.IDENT, TokenType.SYMBOL,
                TokenType.IDENT, TokenType.EOF);
        assertThat(t.get(1).text()).isEqualTo("a`b");
        assertThat(t.get(11).text()).isEqualTo("x.y");
        assertThat(t.get(18).text()).isEqualTo("<=>");
        assertThat(t.get(22).text()).isEqualTo("<>");
        assertThat(t.get(1).start()).isEqualTo(7);
    }

    @Test
    void hugeIntegersBecomeDecimals() {
        assertThat(Lexer.tokenize("9223372036854775807 9223372036854775808")).extracting(Token::type)
                .containsExactly(TokenType.INTEGER, TokenType.DECIMAL, TokenType.EOF);
    }

    @Test
    void doubleDashNeedsASpaceToBeAComment() {
        assertThat(Lexer.tokenize("1--2")).extracting(Token::text).containsExactly("1", "-", "-", "2", "");
        assertThat(Lexer.tokenize("1 -- 2")).extracting(Token::text).containsExactly("1", "");
    }

    @Test
    void unterminatedThingsAreSyntaxErrors() {
        for (String sql : List.of("'abc", "`abc", "/* abc", "/*! SELECT", "SELECT \u0001", "@")) {
            assertThatThrownBy(() -> Lexer.tokenize(sql)).hasMessageContaining("You have an error in your SQL syntax");
        }
    }
}
