// unstable() and currentBuild.result: a result only gets worse; catchError marks and goes on.
pipeline {
    agent none
    stages {
        stage('mark') {
            steps {
                script {
                    unstable('flaky')
                    currentBuild.result = 'SUCCESS'
                    echo "result ${currentBuild.result}, current ${currentBuild.currentResult}"
                }
            }
        }
        stage('caught') {
            steps {
                catchError(buildResult: params.CAUGHT_AS, stageResult: 'FAILURE') {
                    error('caught here')
                }
                echo 'after catchError'
            }
        }
    }
    parameters { string(name: 'CAUGHT_AS', defaultValue: 'UNSTABLE') }
    post {
        unstable { echo 'post unstable' }
        failure { echo 'post failure' }
    }
}
